import type { BlogCategory } from '@/config/blog';
import { ogImageRoute, ogImageSize, ogImageType } from '@/server/seo/og-image';
import { blogListSeo } from '@/server/seo/pages';
export const size = ogImageSize;
export const contentType = ogImageType;

export { generateStaticParams } from './page';

/** A category of the blog. */
export default ogImageRoute<{ category: string }>((locale, { category }) =>
  blogListSeo(locale, 1, category as BlogCategory),
);
