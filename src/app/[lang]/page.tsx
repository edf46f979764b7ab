import {
  CalculatorSection,
  ConsultationSection,
  PricingSection,
} from '@/components/home/home-sections';
import { Hero } from '@/components/home/hero';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';

type HomePageProps = { params: Promise<LangParams> };

export default async function HomePage({ params }: HomePageProps) {
  await resolveLocale(params);
  return (
    <>
      <Hero />
      <ConsultationSection />
      <PricingSection />
      <CalculatorSection />
    </>
  );
}
