import type { Metadata } from 'next';
import { Hero } from '@/components/home/hero';
import {
  CalculatorSection,
  LatestArticlesSection,
  PricingSection,
  SelectedWorkSection,
  ServicesSection,
  TestimonialsSection,
  WhyUsSection,
} from '@/components/home/home-sections';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { pageMetadata } from '@/server/seo/metadata';
import { homeSeo } from '@/server/seo/pages';

type HomePageProps = { params: Promise<LangParams> };

export async function generateMetadata({ params }: HomePageProps): Promise<Metadata> {
  return pageMetadata(await homeSeo(await resolveLocale(params)));
}

export default async function HomePage({ params }: HomePageProps) {
  await resolveLocale(params);
  return (
    <>
      <Hero />
      <WhyUsSection />
      <ServicesSection />
      <SelectedWorkSection />
      <TestimonialsSection />
      <PricingSection />
      <CalculatorSection />
      <LatestArticlesSection />
    </>
  );
}
