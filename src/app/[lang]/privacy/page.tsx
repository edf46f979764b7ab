import type { Metadata } from 'next';
import { LegalPageView } from '@/components/content/legal-page';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { breadcrumbLd } from '@/server/seo/json-ld';
import { pageMetadata } from '@/server/seo/metadata';
import { simplePageSeo } from '@/server/seo/pages';
import { JsonLd } from '@/components/seo/json-ld';
import { getLegalPage } from '@/server/content/legal';

type PrivacyPageProps = { params: Promise<LangParams> };

export async function generateMetadata({ params }: PrivacyPageProps): Promise<Metadata> {
  const locale = await resolveLocale(params);
  return pageMetadata(await simplePageSeo(locale, 'privacy'));
}

export default async function PrivacyPage({ params }: PrivacyPageProps) {
  const locale = await resolveLocale(params);
  return (
    <>
      <LegalPageView page={await getLegalPage('privacy', locale)} />
      <JsonLd nodes={[breadcrumbLd(await simplePageSeo(locale, 'privacy'))]} />
    </>
  );
}
