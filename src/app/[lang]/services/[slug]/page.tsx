import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { notFoundMetadata } from '@/components/errors/not-found-metadata';
import { ServicePageView } from '@/components/services/service-page';
import { isServiceSlug, serviceSlugs } from '@/config/services';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { getServiceContent } from '@/server/content/services';

type ServicePageProps = { params: Promise<LangParams & { slug: string }> };

export function generateStaticParams() {
  return serviceSlugs.map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: ServicePageProps): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const { slug } = await params;
  if (!isServiceSlug(slug)) return notFoundMetadata();
  const { seo } = await getServiceContent(slug, locale);
  return { title: seo.title, description: seo.description };
}

export default async function ServicePage({ params }: ServicePageProps) {
  const locale = await resolveLocale(params);
  const { slug } = await params;
  if (!isServiceSlug(slug)) notFound();
  return <ServicePageView service={await getServiceContent(slug, locale)} locale={locale} />;
}
