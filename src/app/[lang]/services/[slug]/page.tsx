import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { notFoundMetadata } from '@/components/errors/not-found-metadata';
import { PageHeader } from '@/components/layout/page-header';
import { buttonClass } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { navConfig } from '@/config/navigation';
import { isServiceSlug, serviceSlugs } from '@/config/services';
import { siteConfig } from '@/config/site';
import { Link } from '@/i18n/navigation';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';

type ServicePageProps = { params: Promise<LangParams & { slug: string }> };

export function generateStaticParams() {
  return serviceSlugs.map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: ServicePageProps): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const { slug } = await params;
  if (!isServiceSlug(slug)) return notFoundMetadata();
  const t = await getTranslations({ locale, namespace: 'Services' });
  return { title: t(`${slug}.title`), description: t(`${slug}.summary`) };
}

export default async function ServicePage({ params }: ServicePageProps) {
  await resolveLocale(params);
  const { slug } = await params;
  if (!isServiceSlug(slug)) notFound();
  const t = await getTranslations('ServicePage');
  const tServices = await getTranslations('Services');
  const hours = siteConfig.claims.callbackHours;

  return (
    <>
      <PageHeader
        eyebrow={t('eyebrow')}
        title={tServices(`${slug}.title`)}
        intro={<p>{tServices(`${slug}.summary`)}</p>}
      />
      <Container className="py-14 sm:py-20">
        <section
          aria-labelledby="service-cta"
          className="rounded-3xl bg-brand-900 p-8 text-white sm:p-12"
        >
          <h2 id="service-cta" className="text-2xl font-bold sm:text-3xl">
            {t('ctaTitle')}
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-slate-200">{t('ctaText', { hours })}</p>
          <Link
            href={navConfig.consultation}
            className={buttonClass({ variant: 'inverse', size: 'lg', className: 'mt-8' })}
          >
            {t('ctaButton')}
          </Link>
        </section>
      </Container>
    </>
  );
}
