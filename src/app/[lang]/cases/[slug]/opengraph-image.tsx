import { notFound } from 'next/navigation';
import { resolveLocale } from '@/i18n/page-locale';
import { ogImageSize, ogImageType, renderOgImage } from '@/server/seo/og-image';
import { caseSeo } from '@/server/seo/pages';
export const size = ogImageSize;
export const contentType = ogImageType;

export { generateStaticParams } from './page';

/** A case study's Open Graph image: its own title. */
export default async function OpenGraphImage({
  params,
}: {
  params: Promise<{ lang: string; slug: string }>;
}) {
  const { slug } = await params;
  const seo = await caseSeo(await resolveLocale(params), slug);
  if (!seo) notFound();
  return renderOgImage(seo);
}
