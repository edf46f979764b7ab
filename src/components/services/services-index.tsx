import { CurrencySwitch } from '@/components/pricing/currency-switch';
import { getTranslations } from '@/i18n/server';
import { PageHeader } from '@/components/layout/page-header';
import { JsonLd } from '@/components/seo/json-ld';
import { buttonClass } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { Icon } from '@/components/ui/icon';
import { navConfig } from '@/config/navigation';
import { serviceGroups, type ServiceGroup } from '@/config/services';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/locales';
import { getCases } from '@/server/content/cases';
import { getServiceLinks } from '@/server/navigation/service-links';
import { breadcrumbLd, itemListLd } from '@/server/seo/json-ld';
import { servicesIndexSeo } from '@/server/seo/pages';
import { servicePriceLabel } from '@/server/calculator/service-price';

const groups = Object.keys(serviceGroups) as ServiceGroup[];

/** `/services`: all 14 services in their groups, each with its starting price. */
export async function ServicesIndex({ locale }: { locale: Locale }) {
  const t = await getTranslations('ServicesIndexPage');
  const links = await getServiceLinks(locale);
  const seo = await servicesIndexSeo(locale);
  const cases = await getCases(locale);
  const bySlug = new Map(
    navConfig.services.map((service, index) => [service.slug as string, links[index]!]),
  );
  const listed = groups
    .flatMap((group) => serviceGroups[group])
    .map((slug) => ({ name: bySlug.get(slug)!.label, path: `/services/${slug}` as const }));

  return (
    <>
      <PageHeader title={t('title')} intro={<p>{t('intro')}</p>} />
      <Container className="space-y-16 py-12 sm:py-16">
        <CurrencySwitch id="services-currency" />
        {await Promise.all(
          groups.map(async (group) => (
            <section key={group} aria-labelledby={`group-${group}`}>
              <h2 id={`group-${group}`} className="section-title">
                {t(`groups.${group}.title`)}
              </h2>
              <p className="section-lead">{t(`groups.${group}.text`)}</p>
              <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {await Promise.all(
                  serviceGroups[group].map(async (slug) => {
                    const link = bySlug.get(slug)!;
                    const count = cases.filter((item) => item.services.includes(slug)).length;
                    return (
                      <li key={slug} data-testid={`service-${slug}`}>
                        <Link href={link.href} className="card-link">
                          <span className="icon-tile">
                            <Icon name={`service-${slug}`} className="size-7" />
                          </span>
                          <span className="mt-5 text-lg font-semibold text-ink">{link.label}</span>
                          <span className="mt-2 flex-1 leading-relaxed text-muted">
                            {link.summary}
                          </span>
                          <span className="mt-5 flex flex-wrap items-baseline justify-between gap-2 text-sm">
                            <span
                              className="font-semibold text-ink"
                              data-testid="service-index-price"
                            >
                              {await servicePriceLabel(slug, locale)}
                            </span>
                            {count > 0 ? (
                              <span className="text-muted">{t('groups.cases', { count })}</span>
                            ) : null}
                          </span>
                        </Link>
                      </li>
                    );
                  }),
                )}
              </ul>
            </section>
          )),
        )}
        <Link href="/calculator" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
          {t('calculator')}
        </Link>
      </Container>
      <JsonLd nodes={[breadcrumbLd(seo), itemListLd(seo, listed)]} />
    </>
  );
}
