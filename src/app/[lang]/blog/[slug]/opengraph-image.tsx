import { articleSeo } from '@/server/seo/pages';
import { ogImageSize, ogImageType, renderOgImage } from '@/server/seo/og-image';
import { resolveLocale } from '@/i18n/page-locale';
import { notFound } from 'next/navigation';
export const size = ogImageSize;
export const contentType = ogImageType;

export { generateStaticParams } from './page';

/** An article's Open Graph image: its own title. */
export default async function OpenGraphImage({
  params,
}: {
  params: Promise<{ lang: string; slug: string }>;
}) {
  const { slug } = await params;
  const seo = await articleSeo(await resolveLocale(params), slug);
  if (!seo) notFound();
  return renderOgImage(seo);
}
