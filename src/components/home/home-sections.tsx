import type { ReactNode } from 'react';
import { currentPage, getLocale, getTranslations } from '@/i18n/server';
import { ArticleGrid } from '@/components/blog/article-card';
import { CaseGrid } from '@/components/cases/case-card';
import { casePath } from '@/components/cases/case-paths';
import { ClientLogos } from '@/components/cases/client-logos';
import { TestimonialQuote } from '@/components/cases/testimonial-quote';
import { Section } from '@/components/layout/section';
import { CurrencySwitch } from '@/components/pricing/currency-switch';
import { PricingPackages } from '@/components/pricing/pricing-packages';
import { buttonClass } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { siteConfig } from '@/config/site';
import { Link } from '@/i18n/navigation';
import { getCalculatorTexts } from '@/server/calculator/page-texts';
import { getArticles } from '@/server/content/blog';
import { getCases } from '@/server/content/cases';
import { getTestimonials } from '@/server/content/testimonials';

const reasons = ['team', 'estimate', 'speed', 'results'] as const;

/**
 * Why us, beside the consultation card (`#consultation`, where every "contact
 * us" button lands), which the page renders with its form island.
 */
export async function WhyUsSection({ children }: { children: ReactNode }) {
  const t = await getTranslations('HomePage');
  return (
    <section aria-labelledby="why-us-title" className="section bg-surface">
      <Container className="grid gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <h2
            id="why-us-title"
            className="text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            {t('whyUs.title')}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-muted">{t('whyUs.lead')}</p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2">
            {reasons.map((reason) => (
              <li key={reason}>
                <h3 className="font-semibold text-ink">{t(`whyUs.reasons.${reason}.title`)}</h3>
                <p className="mt-2 leading-relaxed text-muted">
                  {t(`whyUs.reasons.${reason}.text`, { hours: siteConfig.claims.callbackHours })}
                </p>
              </li>
            ))}
          </ul>
        </div>
        {children}
      </Container>
    </section>
  );
}

/** A few featured cases and the clients' logos: proof of the work. */
export async function SelectedWorkSection() {
  const t = await getTranslations('HomePage');
  const cases = await getCases(await getLocale());
  const featured = cases.filter((item) => item.featured).slice(0, 3);
  if (featured.length === 0) return null;
  return (
    <Section id="work" title={t('work.title')} lead={t('work.lead')} className="bg-surface">
      <div className="mt-10">
        <CaseGrid cases={featured} headingLevel="h3" />
      </div>
      <Link
        href="/cases"
        className={buttonClass({ variant: 'secondary', size: 'lg', className: 'mt-10' })}
      >
        {t('work.all')}
      </Link>
      <div className="mt-16 border-t border-line pt-10">
        <ClientLogos cases={cases} label={t('clients.label')} />
      </div>
    </Section>
  );
}

/** Clients in their own words; each quote links to its case. The featured cases are above, so others speak here. */
export async function TestimonialsSection() {
  const t = await getTranslations('HomePage.testimonials');
  const locale = await getLocale();
  const cases = await getCases(locale);
  const bySlug = new Map(cases.map((item) => [item.slug, item]));
  const shown = (await getTestimonials(locale))
    .filter((testimonial) => bySlug.has(testimonial.case))
    .sort(
      (a, b) =>
        Number(bySlug.get(a.case)!.featured ?? false) -
        Number(bySlug.get(b.case)!.featured ?? false),
    )
    .slice(0, 3);
  if (shown.length === 0) return null;
  return (
    <Section id="testimonials" title={t('title')} lead={t('lead')}>
      <ul className="mt-10 grid gap-6 lg:grid-cols-3">
        {shown.map((testimonial) => {
          const item = bySlug.get(testimonial.case)!;
          return (
            <li key={testimonial.slug}>
              <TestimonialQuote testimonial={testimonial}>
                <Link
                  href={casePath(item.slug)}
                  className="text-link mt-3 inline-block rounded-sm font-semibold"
                >
                  {t('readCase', { client: item.client.name })}
                </Link>
              </TestimonialQuote>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

/** `#pricing`: typical projects, priced by the calculator's engine. */
export async function PricingSection() {
  const t = await getTranslations('HomePage.pricing');
  return (
    <Section id="pricing" title={t('title')} lead={t('lead')} className="bg-surface">
      <PricingPackages texts={await getCalculatorTexts()} currency={currentPage().currency} />
      <CurrencySwitch id="pricing-currency" fragment="pricing" className="mt-8" />
    </Section>
  );
}

/** The three newest articles. */
export async function LatestArticlesSection() {
  const t = await getTranslations('HomePage.blog');
  const latest = (await getArticles(await getLocale())).slice(0, 3);
  if (latest.length === 0) return null;
  return (
    <Section id="blog" title={t('title')} lead={t('lead')}>
      <ArticleGrid articles={latest} headingLevel="h3" className="mt-10" />
      <Link
        href="/blog"
        className={buttonClass({ variant: 'secondary', size: 'lg', className: 'mt-10' })}
      >
        {t('all')}
      </Link>
    </Section>
  );
}
