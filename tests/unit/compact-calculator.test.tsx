import { renderToStaticMarkup } from 'react-dom/server';
import type { Messages } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import { pricingConfig, type Selection } from '@/config/pricing';
import { localeInfo, locales } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { compactTexts, formatRange } from '@/lib/calculator/describe';
import { estimate, inCurrency } from '@/lib/calculator/estimate';
import { calculatorTexts } from '@/server/calculator/texts';
import { CompactCalculator } from '@/components/calculator/compact-calculator';

const labels = {
  estimate: 'Estimate',
  open: 'Open',
  includes: 'Included: {features}.',
  includesNone: 'No extra features.',
};

async function render(locale: (typeof locales)[number], initial: Selection) {
  const texts = calculatorTexts(locale, (await loadMessages(locale)) as Messages);
  const html = renderToStaticMarkup(
    <CompactCalculator
      texts={compactTexts(texts)}
      currency={localeInfo[locale].market.currency}
      initial={initial}
      labels={labels}
      action="/calculator"
    />,
  );
  return { html, texts };
}

const testId = (html: string, id: string) =>
  new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];

describe('the compact calculator', () => {
  it.each(locales)(
    'in %s, opens on the full calculator’s default estimate and names the features it counts',
    async (locale) => {
      const start = pricingConfig.defaultSelection;
      const { html, texts } = await render(locale, start);
      const priced = inCurrency(estimate(start), localeInfo[locale].market.currency);
      expect(testId(html, 'compact-range')).toBe(formatRange(texts, priced.low, priced.high));
      expect(start.features.length).toBeGreaterThan(0);
      const names = start.features.map((feature) => texts.features.items[feature].name);
      expect(testId(html, 'compact-includes')).toBe(`Included: ${names.join(', ')}.`);
      // The features travel with the form to the full calculator, which then shows the same.
      for (const feature of start.features)
        expect(html).toContain(`<input type="hidden" name="features" value="${feature}"/>`);
    },
  );

  it('says so when it counts no features', async () => {
    const { html } = await render('en', { ...pricingConfig.defaultSelection, features: [] });
    expect(testId(html, 'compact-includes')).toBe('No extra features.');
    expect(html).not.toMatch(/name="features" value="[a-z]/);
  });
});
