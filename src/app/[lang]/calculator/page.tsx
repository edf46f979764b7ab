import type { Metadata } from 'next';
import { CalculatorPage } from './calculator-page';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { pageMetadata } from '@/server/seo/metadata';
import { simplePageSeo } from '@/server/seo/pages';

type CalculatorRouteProps = { params: Promise<LangParams> };

export async function generateMetadata({ params }: CalculatorRouteProps): Promise<Metadata> {
  return pageMetadata(await simplePageSeo(await resolveLocale(params), 'calculator'));
}

/** The calculator with its default choices, built once per language. */
export default async function CalculatorRoute({ params }: CalculatorRouteProps) {
  return <CalculatorPage locale={await resolveLocale(params)} query={{}} />;
}
