import { getTranslations } from '@/i18n/server';
import { PageHeader } from '@/components/layout/page-header';
import { JsonLd } from '@/components/seo/json-ld';
import { Container } from '@/components/ui/container';
import type { ServiceSlug } from '@/config/services';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/locales';
import { getCaseServices, getCases, getCasesForService } from '@/server/content/cases';
import { breadcrumbLd, itemListLd } from '@/server/seo/json-ld';
import { casesListSeo } from '@/server/seo/pages';
import { CaseGrid } from './case-card';
import { CaseFilter } from './case-filter';
import { casePath } from './case-paths';

/** The portfolio: every case, or those that used one service. */
export async function CasesIndex({ locale, service }: { locale: Locale; service?: ServiceSlug }) {
  const t = await getTranslations('CasesPage');
  const tServices = await getTranslations('Services');
  const cases = service ? await getCasesForService(locale, service) : await getCases(locale);
  const seo = await casesListSeo(locale, service);
  const serviceName = service ? tServices(`${service}.title`) : undefined;
  const listed = cases.map((item) => ({ name: item.title, path: casePath(item.slug) }));

  return (
    <>
      <PageHeader
        title={serviceName ? t('serviceTitle', { service: serviceName }) : t('title')}
        intro={
          <>
            <p>{serviceName ? t('serviceIntro') : t('intro')}</p>
            {service ? (
              <p className="mt-3">
                <Link href={`/services/${service}`} className="text-link font-semibold">
                  {t('aboutService')}: {serviceName}
                </Link>
              </p>
            ) : null}
          </>
        }
      >
        <div className="mt-8">
          <CaseFilter services={await getCaseServices()} current={service} />
        </div>
      </PageHeader>
      <Container className="py-12 sm:py-16">
        <p className="mb-6 text-sm font-medium text-muted" data-testid="cases-count">
          {t('count', { count: cases.length })}
        </p>
        <CaseGrid cases={cases} priorityFirst />
      </Container>
      <JsonLd nodes={[breadcrumbLd(seo), itemListLd(seo, listed)]} />
    </>
  );
}
