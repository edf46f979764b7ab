import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NotFoundView } from '@/components/errors/not-found-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('NotFoundPage');
  return { title: t('metaTitle') };
}

/** The route exists but its slug does not: "Page Not Found: {path}". */
export default function SlugNotFound() {
  return <NotFoundView variant="param" />;
}
