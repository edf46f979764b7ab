import { notFound } from 'next/navigation';
import type { ServiceSlug } from '@/config/services';
import { resolveLocale } from '@/i18n/page-locale';
import { getCaseServices } from '@/server/content/cases';
import { ogImageSize, ogImageType, renderOgImage } from '@/server/seo/og-image';
import { casesListSeo } from '@/server/seo/pages';
export const size = ogImageSize;
export const contentType = ogImageType;

export { generateStaticParams } from './page';

/** The Open Graph image of the portfolio's page for one service. */
export default async function OpenGraphImage({
  params,
}: {
  params: Promise<{ lang: string; service: string }>;
}) {
  const { service } = await params;
  if (!(await getCaseServices()).includes(service as ServiceSlug)) notFound();
  return renderOgImage(await casesListSeo(await resolveLocale(params), service as ServiceSlug));
}
