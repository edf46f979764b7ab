import type { Metadata } from 'next';
import { LegalPageView } from '@/components/content/legal-page';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { breadcrumbLd } from '@/server/seo/json-ld';
import { pageMetadata } from '@/server/seo/metadata';
import { simplePageSeo } from '@/server/seo/pages';
import { JsonLd } from '@/components/seo/json-ld';
import { getLegalPage } from '@/server/content/legal';

type ConsentDocumentPageProps = { params: Promise<LangParams> };

export async function generateMetadata({ params }: ConsentDocumentPageProps): Promise<Metadata> {
  const locale = await resolveLocale(params);
  return pageMetadata(await simplePageSeo(locale, 'consent'));
}

export default async function ConsentDocumentPage({ params }: ConsentDocumentPageProps) {
  const locale = await resolveLocale(params);
  return (
    <>
      <LegalPageView page={await getLegalPage('consent', locale)} />
      <JsonLd nodes={[breadcrumbLd(await simplePageSeo(locale, 'consent'))]} />
    </>
  );
}
