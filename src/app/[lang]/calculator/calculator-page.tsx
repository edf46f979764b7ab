import { getTranslations } from 'next-intl/server';
import { AttachedEstimateProvider } from '@/components/calculator/attached-estimate';
import { Calculator } from '@/components/calculator/calculator';
import { ConsultationCard } from '@/components/consultation/consultation-block';
import { PageHeader } from '@/components/layout/page-header';
import { Container } from '@/components/ui/container';
import { siteConfig } from '@/config/site';
import { localeInfo, type Locale } from '@/i18n/locales';
import { breadcrumbLd } from '@/server/seo/json-ld';
import { simplePageSeo } from '@/server/seo/pages';
import { JsonLd } from '@/components/seo/json-ld';
import { summarize } from '@/lib/calculator/describe';
import { estimate, inCurrency } from '@/lib/calculator/estimate';
import { selectionFromQuery, selectionToQuery } from '@/lib/calculator/selection';
import { getCalculatorTexts } from '@/server/calculator/page-texts';

export type CalculatorQuery = Record<string, string | string[] | undefined>;
type CalculatorPageProps = { locale: Locale; query: CalculatorQuery };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The calculator page's content. `/[lang]/calculator` renders it at build
 * time with the default choices; an address with choices in its query (a
 * shared link, or the calculator's own GET form sent without JavaScript) is
 * rewritten to `/[lang]/calculator/selection`, which renders it per request
 * from the query (see `calculatorQueryKeys` in next.config.ts).
 */
export async function CalculatorPage({ locale, query }: CalculatorPageProps) {
  const { code, currency } = localeInfo[locale];
  const selection = selectionFromQuery(query);
  const texts = await getCalculatorTexts();
  const t = await getTranslations('CalculatorPage');
  const hours = siteConfig.claims.callbackHours;
  const canonicalQuery = selectionToQuery(selection);
  const summary = summarize(texts, selection, inCurrency(estimate(selection), currency));

  return (
    <>
      <PageHeader title={t('title')} intro={<p>{t('intro', { hours })}</p>} />
      <AttachedEstimateProvider initial={{ query: canonicalQuery, summary }}>
        <Container className="py-12 sm:py-16 print:py-4">
          <Calculator
            key={canonicalQuery}
            texts={texts}
            currency={currency}
            initial={selection}
            typed={{ size: first(query.size), support: first(query.support) }}
            action={`/${code}/calculator`}
          />
        </Container>
        <section
          id="consultation"
          aria-labelledby="consultation-title"
          className="border-t border-line bg-surface py-14 sm:py-20 print:hidden"
        >
          <Container>
            <ConsultationCard
              title={t('consultationTitle')}
              titleId="consultation-title"
              lead={t('consultationLead', { hours })}
              page="/calculator"
              query={canonicalQuery}
              landmark={false}
              className="max-w-2xl ring-1 ring-line sm:p-10"
            />
          </Container>
        </section>
      </AttachedEstimateProvider>
      <JsonLd nodes={[breadcrumbLd(await simplePageSeo(locale, 'calculator'))]} />
    </>
  );
}
