import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { notFoundMetadata } from '@/server/seo/not-found-metadata';
import { ServicePageView } from '@/components/services/service-page';
import { isServiceSlug, serviceSlugs } from '@/config/services';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { JsonLd } from '@/components/seo/json-ld';
import { getCasesForService } from '@/server/content/cases';
import { getServiceContent } from '@/server/content/services';
import { breadcrumbLd, faqLd, serviceLd } from '@/server/seo/json-ld';
import { pageMetadata } from '@/server/seo/metadata';
import { serviceSeo } from '@/server/seo/pages';
import { serviceOffer } from '@/server/seo/service-offer';

type ServicePageProps = { params: Promise<LangParams & { slug: string }> };

export function generateStaticParams() {
  return serviceSlugs.map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: ServicePageProps): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const { slug } = await params;
  if (!isServiceSlug(slug)) return notFoundMetadata();
  return pageMetadata(await serviceSeo(locale, slug));
}

export default async function ServicePage({ params }: ServicePageProps) {
  const locale = await resolveLocale(params);
  const { slug } = await params;
  if (!isServiceSlug(slug)) notFound();
  const service = await getServiceContent(slug, locale);
  const seo = await serviceSeo(locale, slug);
  return (
    <>
      <ServicePageView
        service={service}
        locale={locale}
        cases={await getCasesForService(locale, slug)}
      />
      <JsonLd
        nodes={[
          breadcrumbLd(seo),
          serviceLd(seo, await serviceOffer(slug, locale)),
          faqLd(service.faq),
        ]}
      />
    </>
  );
}
