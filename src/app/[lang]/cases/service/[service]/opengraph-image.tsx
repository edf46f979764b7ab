import type { ServiceSlug } from '@/config/services';
import { getCaseServices } from '@/server/content/cases';
import { ogImageRoute, ogImageSize, ogImageType } from '@/server/seo/og-image';
import { casesListSeo } from '@/server/seo/pages';
export const size = ogImageSize;
export const contentType = ogImageType;

export { generateStaticParams } from './page';

/** The Open Graph image of the portfolio's page for one service; 404 for a service with no cases. */
export default ogImageRoute<{ service: string }>(async (locale, { service }) =>
  (await getCaseServices()).includes(service as ServiceSlug)
    ? casesListSeo(locale, service as ServiceSlug)
    : null,
);
