import 'server-only';
import { currentPage, getTranslations } from '@/i18n/server';
import { pricingConfig } from '@/config/pricing';
import type { ServiceSlug } from '@/config/services';
import type { Locale } from '@/i18n/locales';
import { formatAmount } from '@/lib/calculator/describe';
import { caseArguments } from '@/lib/format/kazakh';
import { servicePrice } from '@/lib/calculator/estimate';
import { selectionToQuery } from '@/lib/calculator/selection';
import { getCalculatorTexts } from '@/server/calculator/page-texts';

/**
 * "from 70 000 ₽" or "from $450 a month": the engine's low for the service's
 * selection, in the currency the page shows.
 */
export async function servicePriceLabel(slug: ServiceSlug, locale: Locale): Promise<string> {
  const t = await getTranslations('ServicePage');
  const texts = await getCalculatorTexts(locale);
  const priced = servicePrice(slug, currentPage().currency);
  const values = caseArguments('price', formatAmount(texts, priced.low));
  return priced.period === 'month' ? t('pricePerMonth', values) : t('priceFrom', values);
}

/** The calculator, opened on the selection behind a service's price. */
export function serviceCalculatorHref(slug: ServiceSlug): `/calculator?${string}` {
  return `/calculator?${selectionToQuery(pricingConfig.services[slug])}`;
}
