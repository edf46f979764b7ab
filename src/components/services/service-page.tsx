import { CurrencySwitch } from '@/components/pricing/currency-switch';
import { getTranslations } from '@/i18n/server';
import { MarkdownBody } from '@/components/content/markdown-body';
import { buttonClass } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { NumberedStep } from '@/components/ui/numbered-step';
import { Part } from '@/components/ui/part';
import { navConfig } from '@/config/navigation';
import { siteConfig } from '@/config/site';
import type { Locale } from '@/i18n/locales';
import { Link } from '@/i18n/navigation';
import type { CaseMeta } from '@/server/content/cases';
import type { ServiceContent } from '@/server/content/services';
import { CaseGrid } from '@/components/cases/case-card';
import { casesListPath } from '@/components/cases/case-paths';
import { Icon } from '@/components/ui/icon';
import { serviceCalculatorHref, servicePriceLabel } from '@/server/calculator/service-price';

type ServicePageViewProps = { service: ServiceContent; locale: Locale; cases: CaseMeta[] };

export async function ServicePageView({ service, locale, cases }: ServicePageViewProps) {
  const t = await getTranslations('ServicePage');
  const tServices = await getTranslations('Services');
  const price = await servicePriceLabel(service.slug, locale);
  const hours = siteConfig.claims.callbackHours;

  return (
    <>
      <div className="border-b border-line bg-gradient-to-b from-brand-50 to-white">
        <Container className="grid gap-10 py-14 sm:py-20 lg:grid-cols-[1fr_20rem] lg:items-end">
          <div>
            <p className="flex items-center gap-3 text-sm font-semibold tracking-wide text-brand-700 uppercase">
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-700 text-white">
                <Icon name={`service-${service.slug}`} className="size-6" />
              </span>
              {tServices(`${service.slug}.title`)}
            </p>
            <h1 className="mt-5 max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">
              {service.hero.title}
            </h1>
            <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted">{service.hero.lead}</p>
            <Link
              href={navConfig.consultation}
              className={buttonClass({ size: 'lg', className: 'mt-8' })}
            >
              {t('discuss')}
            </Link>
          </div>
          <div className="rounded-2xl border border-line bg-white p-6 shadow-card">
            <p className="text-sm font-semibold tracking-wide text-muted uppercase">
              {t('priceLabel')}
            </p>
            <p className="mt-2 text-2xl font-bold text-ink" data-testid="service-price">
              {price}
            </p>
            <p className="mt-3 text-sm leading-relaxed text-muted">{t('priceNote')}</p>
            <CurrencySwitch id="service-currency" grid className="mt-4" />
            <Link
              href={serviceCalculatorHref(service.slug)}
              className="text-link mt-4 inline-block rounded-sm text-sm font-semibold"
              data-testid="service-calculator-link"
            >
              {t('priceCalculator')}
            </Link>
          </div>
        </Container>
      </div>

      <Container className="space-y-20 py-16 sm:py-24">
        <Part id="includes" title={t('includesTitle')}>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {service.includes.map((item) => (
              <li key={item.title} className="rounded-2xl border border-line p-6">
                <h3 className="text-lg font-semibold">{item.title}</h3>
                <p className="mt-2 leading-relaxed text-muted">{item.text}</p>
              </li>
            ))}
          </ul>
        </Part>

        <Part id="process" title={t('processTitle')}>
          <ol className="mt-8 grid gap-5 md:grid-cols-2">
            {service.process.map((step, index) => (
              <NumberedStep
                key={step.title}
                number={index + 1}
                className="flex gap-5 rounded-2xl bg-surface p-6"
              >
                <h3 className="text-lg font-semibold">
                  <span className="sr-only">{t('step', { number: index + 1 })}: </span>
                  {step.title}
                </h3>
                {step.duration ? (
                  <p className="mt-1 text-sm font-medium text-brand-700">{step.duration}</p>
                ) : null}
                <p className="mt-2 leading-relaxed text-muted">{step.text}</p>
              </NumberedStep>
            ))}
          </ol>
        </Part>

        <div className="grid gap-12 lg:grid-cols-2">
          <Part id="deliverables" title={t('deliverablesTitle')}>
            <ul className="tick-list mt-6 space-y-3">
              {service.deliverables.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </Part>
          <Part id="technologies" title={t('technologiesTitle')}>
            <ul className="mt-6 flex flex-wrap gap-2">
              {service.technologies.map((item) => (
                <li
                  key={item}
                  className="rounded-full border border-line bg-white px-4 py-1.5 text-sm font-medium"
                >
                  {item}
                </li>
              ))}
            </ul>
          </Part>
        </div>

        {cases.length > 0 ? (
          <Part id="cases" title={t('casesTitle')}>
            <div className="mt-8">
              <CaseGrid cases={cases.slice(0, 3)} headingLevel="h3" />
            </div>
            <Link
              href={casesListPath(service.slug)}
              className={buttonClass({ variant: 'secondary', className: 'mt-8' })}
            >
              {t('casesMore')}
            </Link>
          </Part>
        ) : null}

        <Part id="faq" title={t('faqTitle')}>
          <div className="mt-8 divide-y divide-line rounded-2xl border border-line">
            {service.faq.map((item) => (
              <details key={item.question} className="group p-6">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded text-lg font-semibold [&::-webkit-details-marker]:hidden">
                  {item.question}
                  <Icon
                    name="plus"
                    className="size-5 shrink-0 text-muted transition-transform group-open:rotate-45"
                  />
                </summary>
                <MarkdownBody tree={item.answer} className="mt-3 text-muted" />
              </details>
            ))}
          </div>
        </Part>

        <Part id="related" title={t('relatedTitle')}>
          <ul className="mt-8 grid gap-5 md:grid-cols-2 lg:grid-cols-4">
            {service.related.map((slug) => (
              <li key={slug}>
                <Link href={`/services/${slug}`} className="card-link">
                  <Icon name={`service-${slug}`} className="size-7 text-brand-700" />
                  <span className="mt-4 font-semibold">{tServices(`${slug}.title`)}</span>
                  <span className="mt-2 text-sm leading-relaxed text-muted">
                    {tServices(`${slug}.summary`)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Part>

        <Part
          id="service-cta"
          title={t('ctaTitle')}
          titleClassName="text-2xl font-bold sm:text-3xl"
          className="rounded-3xl bg-brand-900 p-8 text-white sm:p-12"
        >
          <p className="mt-3 max-w-2xl text-lg text-slate-200">{t('ctaText', { hours })}</p>
          <Link
            href={navConfig.consultation}
            className={buttonClass({ variant: 'inverse', size: 'lg', className: 'mt-8' })}
          >
            {t('ctaButton')}
          </Link>
        </Part>
      </Container>
    </>
  );
}
