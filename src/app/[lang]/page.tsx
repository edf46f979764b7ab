import { Hero } from '@/components/home/hero';
import {
  CalculatorSection,
  LatestArticlesSection,
  PricingSection,
  ServicesSection,
  WhyUsSection,
} from '@/components/home/home-sections';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';

type HomePageProps = { params: Promise<LangParams> };

export default async function HomePage({ params }: HomePageProps) {
  await resolveLocale(params);
  return (
    <>
      <Hero />
      <WhyUsSection />
      <ServicesSection />
      <PricingSection />
      <CalculatorSection />
      <LatestArticlesSection />
    </>
  );
}
