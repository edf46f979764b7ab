import type { Metadata } from 'next';
import { AboutView } from '@/components/about/about-view';
import { JsonLd } from '@/components/seo/json-ld';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { getAbout } from '@/server/content/about';
import { getTeam } from '@/server/content/team';
import { aboutPageLd, breadcrumbLd } from '@/server/seo/json-ld';
import { pageMetadata } from '@/server/seo/metadata';
import { aboutSeo } from '@/server/seo/pages';

type AboutPageProps = { params: Promise<LangParams> };

export async function generateMetadata({ params }: AboutPageProps): Promise<Metadata> {
  return pageMetadata(await aboutSeo(await resolveLocale(params)));
}

export default async function AboutPage({ params }: AboutPageProps) {
  const locale = await resolveLocale(params);
  const seo = await aboutSeo(locale);
  return (
    <>
      <AboutView about={await getAbout(locale)} team={await getTeam(locale)} />
      <JsonLd nodes={[breadcrumbLd(seo), aboutPageLd(seo)]} />
    </>
  );
}
