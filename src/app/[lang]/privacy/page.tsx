import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LegalPageView } from '@/components/content/legal-page';
import { siteConfig } from '@/config/site';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { getLegalPage } from '@/server/content/legal';

type PrivacyPageProps = { params: Promise<LangParams> };

export async function generateMetadata({ params }: PrivacyPageProps): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'PrivacyPage' });
  return { title: t('metaTitle'), description: t('metaDescription', { brand: siteConfig.name }) };
}

export default async function PrivacyPage({ params }: PrivacyPageProps) {
  const locale = await resolveLocale(params);
  return <LegalPageView page={await getLegalPage('privacy', locale)} />;
}
