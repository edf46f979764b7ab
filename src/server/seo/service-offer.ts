import 'server-only';
import { currentPage, getTranslations } from '@/i18n/server';
import type { ServiceSlug } from '@/config/services';
import type { Locale } from '@/i18n/locales';
import { servicePrice } from '@/lib/calculator/estimate';
import type { ServiceOffer } from './json-ld';

/** A service's "from" price in the page's currency: the same figure the page shows. */
export async function serviceOffer(slug: ServiceSlug, locale: Locale): Promise<ServiceOffer> {
  const t = await getTranslations({ locale, namespace: 'Services' });
  const { currency } = currentPage();
  const priced = servicePrice(slug, currency);
  return {
    name: t(`${slug}.title`),
    low: priced.low,
    currency,
    monthly: priced.period === 'month',
  };
}
