import 'server-only';
import { getFormatter, getTranslations } from 'next-intl/server';
import { pricingConfig } from '@/config/pricing';
import type { ServiceSlug } from '@/config/services';
import { localeInfo, type Locale } from '@/i18n/locales';
import { convertPrice } from '@/lib/pricing/convert';

/** "from 70 000 ₽" or "from $450 a month": the service's lowest price in the page's currency. */
export async function servicePriceLabel(slug: ServiceSlug, locale: Locale): Promise<string> {
  const t = await getTranslations('ServicePage');
  const format = await getFormatter();
  const { from, per } = pricingConfig.services[slug];
  const currency = localeInfo[locale].currency;
  const price = format.number(convertPrice(from, currency), {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
  });
  return per === 'month' ? t('pricePerMonth', { price }) : t('priceFrom', { price });
}
