import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NotFoundView } from '@/components/errors/not-found-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('NotFoundPage');
  return { title: t('metaTitle') };
}

/** Any address under a language that matches no route. */
export default function LangNotFound() {
  return <NotFoundView variant="route" />;
}
