import { getFormatter, getTranslations } from '@/i18n/server';
import type { ReactNode } from 'react';
import { MarkdownBody } from '@/components/content/markdown-body';
import { NextSteps } from '@/components/layout/next-steps';
import { Section } from '@/components/layout/section';
import { buttonClass } from '@/components/ui/button';
import { Picture } from '@/components/ui/picture';
import { Container } from '@/components/ui/container';
import { NumberedStep } from '@/components/ui/numbered-step';
import { Part } from '@/components/ui/part';
import { siteConfig } from '@/config/site';
import { Link } from '@/i18n/navigation';
import type { CaseMeta, CaseStudy } from '@/server/content/cases';
import type { Testimonial } from '@/server/content/testimonials';
import { CaseGrid } from './case-card';
import { casesListPath } from './case-paths';
import { TestimonialQuote } from './testimonial-quote';

type CaseViewProps = { item: CaseStudy; testimonial?: Testimonial; more: CaseMeta[] };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-t border-line py-3 first:border-t-0 first:pt-0">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="mt-1 font-semibold text-ink">{children}</dd>
    </div>
  );
}

/** A case study: the client and the outcome, the task, the work, the results, pictures and the client's words. */
export async function CaseView({ item, testimonial, more }: CaseViewProps) {
  const t = await getTranslations('CasePage');
  const tServices = await getTranslations('Services');
  const format = await getFormatter();
  const hours = siteConfig.claims.callbackHours;

  return (
    <article>
      <header className="border-b border-line bg-gradient-to-b from-brand-50 to-white">
        <Container className="py-14 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {t('eyebrow')}
            <span aria-hidden="true"> · </span>
            <span className="sr-only">: </span>
            {item.client.name}
          </p>
          <h1 className="mt-4 max-w-4xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">
            {item.title}
          </h1>
          <p className="mt-5 max-w-3xl text-lg leading-relaxed text-muted">{item.summary}</p>
          <Picture
            image={item.cover}
            load="first"
            className="mt-10 h-auto w-full rounded-3xl bg-brand-50 shadow-card ring-1 ring-line"
          />
        </Container>
      </header>

      <Container className="grid gap-12 py-14 sm:py-20 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-16">
        <div className="min-w-0 space-y-16">
          <Part id="task" title={t('taskTitle')}>
            <p className="mt-5 max-w-3xl text-lg leading-relaxed">{item.task}</p>
          </Part>

          <Part id="work" title={t('workTitle')}>
            <ol className="mt-8 space-y-8">
              {item.work.map((step, index) => (
                <NumberedStep key={step.title} number={index + 1}>
                  <h3 className="text-lg font-semibold">{step.title}</h3>
                  <MarkdownBody tree={step.text} className="mt-2 text-muted" />
                </NumberedStep>
              ))}
            </ol>
          </Part>

          <Part id="results" title={t('resultsTitle')}>
            <dl className="mt-8 grid gap-4 sm:grid-cols-2">
              {item.results.map((result) => (
                <div
                  key={result.label}
                  className="flex flex-col-reverse gap-2 rounded-2xl bg-brand-50 p-6"
                >
                  <dt className="leading-snug text-muted">{result.label}</dt>
                  <dd className="text-4xl font-bold tracking-tight text-brand-800">
                    {result.value}
                  </dd>
                </div>
              ))}
            </dl>
          </Part>

          {item.gallery.length > 0 ? (
            <Part id="gallery" title={t('galleryTitle')}>
              <div className="mt-8 space-y-10">
                {item.gallery.map((picture) => (
                  <figure key={picture.src}>
                    <img
                      src={picture.src}
                      alt={picture.alt}
                      width={picture.width}
                      height={picture.height}
                      loading="lazy"
                      decoding="async"
                      className="h-auto w-full rounded-2xl bg-surface ring-1 ring-line"
                    />
                    <figcaption className="mt-3 text-sm text-muted">{picture.caption}</figcaption>
                  </figure>
                ))}
              </div>
            </Part>
          ) : null}

          {testimonial ? (
            <Part id="testimonial" title={t('testimonialTitle')}>
              <div className="mt-8">
                <TestimonialQuote testimonial={testimonial} large />
              </div>
            </Part>
          ) : null}
        </div>

        <Part
          as="aside"
          id="facts"
          title={t('factsLabel')}
          titleClassName="sr-only"
          className="lg:sticky lg:top-[calc(var(--header-height)+1.5rem)] lg:self-start"
        >
          <dl className="rounded-2xl border border-line bg-white p-6">
            <Fact label={t('client')}>{item.client.name}</Fact>
            <Fact label={t('industry')}>{item.client.industry}</Fact>
            <Fact label={t('location')}>{item.client.location}</Fact>
            <Fact label={t('services')}>
              <ul className="space-y-1">
                {item.services.map((service) => (
                  <li key={service}>
                    <Link href={`/services/${service}`} className="text-link rounded-sm">
                      {tServices(`${service}.title`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </Fact>
            <Fact label={t('year')}>{format.number(item.year, { useGrouping: false })}</Fact>
            <Fact label={t('duration')}>{t('weeks', { count: item.weeks })}</Fact>
            <Fact label={t('team')}>{t('people', { count: item.team })}</Fact>
            {item.stack ? (
              <Fact label={t('stack')}>
                <ul className="flex flex-wrap gap-1.5 font-medium">
                  {item.stack.map((name) => (
                    <li
                      key={name}
                      className="rounded-full bg-surface px-2.5 py-0.5 text-sm ring-1 ring-line"
                    >
                      {name}
                    </li>
                  ))}
                </ul>
              </Fact>
            ) : null}
          </dl>
        </Part>
      </Container>

      <section aria-labelledby="case-cta" className="bg-brand-900 text-white">
        <Container className="py-14 sm:py-16">
          <h2 id="case-cta" className="part-title">
            {t('ctaTitle')}
          </h2>
          <p className="mt-3 max-w-2xl text-lg leading-relaxed text-slate-200">
            {t('ctaText', { hours })}
          </p>
          <NextSteps consultation={t('ctaButton')} calculator={t('calculator')} className="mt-8" />
        </Container>
      </section>

      {more.length > 0 ? (
        <Section id="more-cases" title={t('moreTitle')}>
          <div className="mt-10">
            <CaseGrid cases={more} headingLevel="h3" />
          </div>
          <Link
            href={casesListPath()}
            className={buttonClass({ variant: 'secondary', size: 'lg', className: 'mt-10' })}
          >
            {t('all')}
          </Link>
        </Section>
      ) : null}
    </article>
  );
}
