import { serviceSeo } from '@/server/seo/pages';
import { ogImageSize, ogImageType, renderOgImage } from '@/server/seo/og-image';
import { resolveLocale } from '@/i18n/page-locale';
import type { ServiceSlug } from '@/config/services';
export const size = ogImageSize;
export const contentType = ogImageType;

export { generateStaticParams } from './page';

/** A service page's Open Graph image. */
export default async function OpenGraphImage({
  params,
}: {
  params: Promise<{ lang: string; slug: string }>;
}) {
  const { slug } = await params;
  return renderOgImage(await serviceSeo(await resolveLocale(params), slug as ServiceSlug));
}
