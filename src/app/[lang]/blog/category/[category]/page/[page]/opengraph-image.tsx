import { blogListSeo } from '@/server/seo/pages';
import { ogImageSize, ogImageType, renderOgImage } from '@/server/seo/og-image';
import { resolveLocale } from '@/i18n/page-locale';
import type { BlogCategory } from '@/config/blog';
export const size = ogImageSize;
export const contentType = ogImageType;

export { generateStaticParams } from './page';

/** A later page of a blog category. */
export default async function OpenGraphImage({
  params,
}: {
  params: Promise<{ lang: string; category: string; page: string }>;
}) {
  const { category, page } = await params;
  return renderOgImage(
    await blogListSeo(await resolveLocale(params), Number(page), category as BlogCategory),
  );
}
