import { getLocale, getTranslations } from '@/i18n/server';
import { casePath } from '@/components/cases/case-paths';
import { NextSteps } from '@/components/layout/next-steps';
import { Picture } from '@/components/ui/picture';
import { Container } from '@/components/ui/container';
import { siteConfig } from '@/config/site';
import { Link } from '@/i18n/navigation';
import { getCases } from '@/server/content/cases';

export async function Hero() {
  const t = await getTranslations('HomePage');
  const { yearsOnMarket, projectsDelivered, callbackHours } = siteConfig.claims;
  const claims = [
    { value: t('claims.yearsValue', { count: yearsOnMarket }), label: t('claims.yearsLabel') },
    {
      value: t('claims.projectsValue', { count: projectsDelivered }),
      label: t('claims.projectsLabel'),
    },
    {
      value: t('claims.callbackValue', { count: callbackHours }),
      label: t('claims.callbackLabel'),
    },
  ];
  // The first featured case: real work beside the claims.
  const work = (await getCases(await getLocale())).find((item) => item.featured);

  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-brand-900 text-white"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_80%_110%,rgb(245_158_11/0.45),transparent_55%),radial-gradient(ellipse_at_10%_-10%,rgb(99_102_241/0.55),transparent_60%)]"
      />
      <Container className="grid gap-14 py-16 sm:py-24 lg:grid-cols-[minmax(0,1fr)_minmax(0,27rem)] lg:gap-x-12 lg:py-28">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">
            {t('hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-4 max-w-4xl text-4xl leading-[1.1] font-bold tracking-tight text-balance sm:text-6xl lg:text-[3.25rem] xl:text-6xl"
          >
            {t('hero.title')}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200 sm:text-xl">
            {t('hero.lead')}
          </p>
          <NextSteps
            consultation={t('hero.startProject')}
            calculator={t('hero.calculateCost')}
            className="mt-10"
          />
        </div>
        <dl
          aria-label={t('claims.label', { brand: siteConfig.name })}
          className="grid max-w-3xl gap-6 border-t border-white/15 pt-8 sm:grid-cols-3 lg:col-start-1"
        >
          {claims.map((claim) => (
            <div key={claim.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-slate-300">{claim.label}</dt>
              <dd className="text-3xl font-bold sm:text-4xl">{claim.value}</dd>
            </div>
          ))}
        </dl>
        {work ? (
          <figure className="lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-center">
            <Link
              href={casePath(work.slug)}
              className="group block rounded-3xl focus-visible:outline-white"
            >
              {/* Below the fold on a phone and beside the text on a wide screen: loaded
                  lazily, sized, so it neither moves the page nor competes with the text. */}
              <Picture
                image={work.cover}
                load="lazy"
                className="h-auto w-full rounded-3xl bg-white/5 shadow-2xl ring-1 ring-white/15 transition-transform group-hover:-translate-y-0.5"
              />
              <figcaption className="mt-4 text-sm leading-snug text-slate-300">
                <span className="block font-semibold text-brand-200">
                  {t('hero.visualLabel', { client: work.client.name })}
                </span>
                <span className="mt-1 block text-base text-white group-hover:underline">
                  {work.title}
                </span>
              </figcaption>
            </Link>
          </figure>
        ) : null}
      </Container>
    </section>
  );
}
