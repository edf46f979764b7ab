import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CaseView } from '@/components/cases/case-view';
import { notFoundMetadata } from '@/server/seo/not-found-metadata';
import { JsonLd } from '@/components/seo/json-ld';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { getCase, getCaseSlugs, getRelatedCases } from '@/server/content/cases';
import { getTestimonialForCase } from '@/server/content/testimonials';
import { breadcrumbLd, caseStudyLd } from '@/server/seo/json-ld';
import { pageMetadata } from '@/server/seo/metadata';
import { caseSeo } from '@/server/seo/pages';

type CasePageProps = { params: Promise<LangParams & { slug: string }> };

export async function generateStaticParams() {
  return (await getCaseSlugs()).map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: CasePageProps): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const seo = await caseSeo(locale, (await params).slug);
  return seo ? pageMetadata(seo) : notFoundMetadata();
}

export default async function CasePage({ params }: CasePageProps) {
  const locale = await resolveLocale(params);
  const { slug } = await params;
  const item = await getCase(slug, locale);
  const seo = await caseSeo(locale, slug);
  if (!item || !seo) notFound();
  return (
    <>
      <CaseView
        item={item}
        testimonial={await getTestimonialForCase(locale, slug)}
        more={await getRelatedCases(slug, locale)}
      />
      <JsonLd nodes={[breadcrumbLd(seo), caseStudyLd(seo)]} />
    </>
  );
}
