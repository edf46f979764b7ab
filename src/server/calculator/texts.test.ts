import type { Messages } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import { pricingConfig } from '@/config/pricing';
import { localeInfo, locales } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { formatAmount } from '@/lib/calculator/describe';
import { fromPrice, toCurrency } from '@/lib/calculator/estimate';
import { minimalSelection } from '@/lib/calculator/selection';
import { calculatorDetails, calculatorTexts } from './texts';

describe('calculatorTexts', () => {
  it.each(locales)(
    'the date of the prices ends its sentence with one period (%s)',
    async (locale) => {
      const texts = calculatorTexts(locale, (await loadMessages(locale)) as Messages);
      // The year the prices were set, whatever it is.
      expect(texts.result.ratesDate).toContain(pricingConfig.ratesSetOn.slice(0, 4));
      expect(texts.result.ratesDate).toMatch(/[^.]\.$/);
    },
  );
});

describe('calculatorDetails', () => {
  it.each(locales)("writes the engine's prices in the language's currency (%s)", async (locale) => {
    const messages = (await loadMessages(locale)) as Messages;
    const texts = calculatorTexts(locale, messages);
    const details = calculatorDetails(locale, messages);
    const { currency } = localeInfo[locale].market;
    expect(details.types.shop.from).toContain(
      formatAmount(texts, fromPrice(minimalSelection('shop'), currency)),
    );
    const payments = pricingConfig.features.payments.price;
    if (!('fixed' in payments)) throw new Error('payments is priced as a fixed amount');
    expect(details.features.payments.price).toBe(
      `+${formatAmount(texts, toCurrency(payments.fixed, currency))}`,
    );
    expect(details.types.shop.description).not.toBe('');
  });
});
