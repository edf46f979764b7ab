import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

/**
 * The title of a 404 page. Next renders the 404 of a page that calls notFound()
 * with that page's metadata, so pages that can 404 return this for a missing
 * slug, besides the not-found files themselves.
 */
export async function notFoundMetadata(): Promise<Metadata> {
  const t = await getTranslations('NotFoundPage');
  return { title: t('metaTitle'), robots: { index: false, follow: true } };
}
