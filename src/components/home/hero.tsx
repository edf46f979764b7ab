import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { navConfig } from '@/config/navigation';
import { siteConfig } from '@/config/site';
import { Link } from '@/i18n/navigation';

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

  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-brand-900 text-white"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_80%_110%,rgb(245_158_11/0.45),transparent_55%),radial-gradient(ellipse_at_10%_-10%,rgb(99_102_241/0.55),transparent_60%)]"
      />
      <Container className="py-16 sm:py-24 lg:py-28">
        <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">
          {t('hero.eyebrow')}
        </p>
        <h1
          id="hero-title"
          className="mt-4 max-w-4xl text-4xl leading-[1.1] font-bold tracking-tight text-balance sm:text-6xl"
        >
          {t('hero.title')}
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200 sm:text-xl">
          {t('hero.lead')}
        </p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <Link
            href={navConfig.consultation}
            className={buttonClass({ variant: 'inverse', size: 'lg' })}
          >
            {t('hero.startProject')}
          </Link>
          <Link href="/calculator" className={buttonClass({ variant: 'glass', size: 'lg' })}>
            {t('hero.calculateCost')}
          </Link>
        </div>
        <dl
          aria-label={t('claims.label', { brand: siteConfig.name })}
          className="mt-14 grid max-w-3xl gap-6 border-t border-white/15 pt-8 sm:grid-cols-3"
        >
          {claims.map((claim) => (
            <div key={claim.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-slate-300">{claim.label}</dt>
              <dd className="text-3xl font-bold sm:text-4xl">{claim.value}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}
