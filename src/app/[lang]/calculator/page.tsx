import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/layout/page-header';
import { buttonClass } from '@/components/ui/button';
import { navConfig } from '@/config/navigation';
import { Link } from '@/i18n/navigation';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';

type CalculatorPageProps = { params: Promise<LangParams> };

export async function generateMetadata({ params }: CalculatorPageProps): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'CalculatorPage' });
  return { title: t('metaTitle'), description: t('metaDescription') };
}

export default async function CalculatorPage({ params }: CalculatorPageProps) {
  await resolveLocale(params);
  const t = await getTranslations('CalculatorPage');
  return (
    <PageHeader title={t('title')} intro={<p>{t('intro')}</p>}>
      <Link
        href={navConfig.consultation}
        className={buttonClass({ size: 'lg', className: 'mt-8' })}
      >
        {t('cta')}
      </Link>
    </PageHeader>
  );
}
