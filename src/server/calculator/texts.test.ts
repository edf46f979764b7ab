import type { Messages } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import { pricingConfig } from '@/config/pricing';
import { locales } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { calculatorTexts } from './texts';

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
