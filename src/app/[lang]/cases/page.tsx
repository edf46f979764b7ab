import type { Metadata } from 'next';
import { CasesIndex } from '@/components/cases/cases-index';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { pageMetadata } from '@/server/seo/metadata';
import { casesListSeo } from '@/server/seo/pages';

type CasesPageProps = { params: Promise<LangParams> };

export async function generateMetadata({ params }: CasesPageProps): Promise<Metadata> {
  return pageMetadata(await casesListSeo(await resolveLocale(params)));
}

export default async function CasesPage({ params }: CasesPageProps) {
  return <CasesIndex locale={await resolveLocale(params)} />;
}
