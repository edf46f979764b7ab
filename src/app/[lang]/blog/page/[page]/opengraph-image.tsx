import { ogImageRoute, ogImageSize, ogImageType } from '@/server/seo/og-image';
import { blogListSeo } from '@/server/seo/pages';
export const size = ogImageSize;
export const contentType = ogImageType;

export { generateStaticParams } from './page';

/** A later page of the blog list. */
export default ogImageRoute<{ page: string }>((locale, { page }) =>
  blogListSeo(locale, Number(page)),
);
