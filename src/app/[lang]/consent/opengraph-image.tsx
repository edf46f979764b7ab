import { simplePageSeo } from '@/server/seo/pages';
import { ogImageSize, ogImageType, renderOgImage } from '@/server/seo/og-image';
import { langStaticParams, resolveLocale } from '@/i18n/page-locale';
export const size = ogImageSize;
export const contentType = ogImageType;
export const generateStaticParams = langStaticParams;

/** The Open Graph image of the consent to data processing. */
export default async function OpenGraphImage({ params }: { params: Promise<{ lang: string }> }) {
  return renderOgImage(await simplePageSeo(await resolveLocale(params), 'consent'));
}
