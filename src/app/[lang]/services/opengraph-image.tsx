import { langStaticParams, resolveLocale } from '@/i18n/page-locale';
import { ogImageSize, ogImageType, renderOgImage } from '@/server/seo/og-image';
import { servicesIndexSeo } from '@/server/seo/pages';
export const size = ogImageSize;
export const contentType = ogImageType;
export const generateStaticParams = langStaticParams;

/** The services page's Open Graph image. */
export default async function OpenGraphImage({ params }: { params: Promise<{ lang: string }> }) {
  return renderOgImage(await servicesIndexSeo(await resolveLocale(params)));
}
