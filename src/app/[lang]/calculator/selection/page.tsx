import type { Metadata } from 'next';
import { CalculatorPage, type CalculatorQuery } from '../calculator-page';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { pageMetadata } from '@/server/seo/metadata';
import { simplePageSeo } from '@/server/seo/pages';

type SelectionRouteProps = { params: Promise<LangParams>; searchParams: Promise<CalculatorQuery> };

export async function generateMetadata({ params }: SelectionRouteProps): Promise<Metadata> {
  return pageMetadata(await simplePageSeo(await resolveLocale(params), 'calculator'));
}

/**
 * The calculator with the choices of its query, rendered per request. Visitors
 * never see this address: next.config.ts rewrites `/[lang]/calculator?size=…`
 * here, so a shared link or the calculator's form sent without JavaScript shows
 * its estimate, while the plain page stays static. Its canonical URL is the
 * calculator's.
 */
export default async function SelectionRoute({ params, searchParams }: SelectionRouteProps) {
  return <CalculatorPage locale={await resolveLocale(params)} query={await searchParams} />;
}
