import { langStaticParams, resolveLocale } from '@/i18n/page-locale';
import { ogImageSize, ogImageType, renderOgImage } from '@/server/seo/og-image';
import { casesListSeo } from '@/server/seo/pages';
export const size = ogImageSize;
export const contentType = ogImageType;
export const generateStaticParams = langStaticParams;

/** The portfolio's Open Graph image. */
export default async function OpenGraphImage({ params }: { params: Promise<{ lang: string }> }) {
  return renderOgImage(await casesListSeo(await resolveLocale(params)));
}
