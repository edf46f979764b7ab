import { blogListSeo } from '@/server/seo/pages';
import { ogImageSize, ogImageType, renderOgImage } from '@/server/seo/og-image';
import { resolveLocale } from '@/i18n/page-locale';
import type { BlogCategory } from '@/config/blog';
export const size = ogImageSize;
export const contentType = ogImageType;

export { generateStaticParams } from './page';

/** A category of the blog. */
export default async function OpenGraphImage({
  params,
}: {
  params: Promise<{ lang: string; category: string }>;
}) {
  const { category } = await params;
  return renderOgImage(await blogListSeo(await resolveLocale(params), 1, category as BlogCategory));
}
