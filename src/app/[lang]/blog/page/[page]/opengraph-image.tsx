import { blogListSeo } from '@/server/seo/pages';
import { ogImageSize, ogImageType, renderOgImage } from '@/server/seo/og-image';
import { resolveLocale } from '@/i18n/page-locale';
export const size = ogImageSize;
export const contentType = ogImageType;

export { generateStaticParams } from './page';

/** A later page of the blog list. */
export default async function OpenGraphImage({
  params,
}: {
  params: Promise<{ lang: string; page: string }>;
}) {
  const { page } = await params;
  return renderOgImage(await blogListSeo(await resolveLocale(params), Number(page)));
}
