import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CasesIndex } from '@/components/cases/cases-index';
import { notFoundMetadata } from '@/server/seo/not-found-metadata';
import type { ServiceSlug } from '@/config/services';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { getCaseServices } from '@/server/content/cases';
import { pageMetadata } from '@/server/seo/metadata';
import { casesListSeo } from '@/server/seo/pages';

type CasesForServiceProps = { params: Promise<LangParams & { service: string }> };

export async function generateStaticParams() {
  return (await getCaseServices()).map((service) => ({ service }));
}

/** Only services that some case used have a page of their own. */
async function caseService(params: CasesForServiceProps['params']): Promise<ServiceSlug | null> {
  const { service } = await params;
  const services: readonly string[] = await getCaseServices();
  return services.includes(service) ? (service as ServiceSlug) : null;
}

export async function generateMetadata({ params }: CasesForServiceProps): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const service = await caseService(params);
  return service ? pageMetadata(await casesListSeo(locale, service)) : notFoundMetadata();
}

export default async function CasesForServicePage({ params }: CasesForServiceProps) {
  const locale = await resolveLocale(params);
  const service = await caseService(params);
  if (!service) notFound();
  return <CasesIndex locale={locale} service={service} />;
}
