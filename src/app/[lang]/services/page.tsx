import type { Metadata } from 'next';
import { ServicesIndex } from '@/components/services/services-index';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { pageMetadata } from '@/server/seo/metadata';
import { servicesIndexSeo } from '@/server/seo/pages';

type ServicesPageProps = { params: Promise<LangParams> };

export async function generateMetadata({ params }: ServicesPageProps): Promise<Metadata> {
  return pageMetadata(await servicesIndexSeo(await resolveLocale(params)));
}

export default async function ServicesPage({ params }: ServicesPageProps) {
  return <ServicesIndex locale={await resolveLocale(params)} />;
}
