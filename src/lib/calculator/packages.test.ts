import fc from 'fast-check';
import type { Messages } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import { currencies, pricingConfig } from '@/config/pricing';
import { localeInfo, locales } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { calculatorTexts } from '@/server/calculator/texts';
import { describeSelection } from './describe';
import { estimate, fromPrice, inCurrency } from './estimate';
import { calculatorStart, comparePackage } from './packages';
import { selectionFromQuery, selectionToQuery } from './selection';
import { validSelection } from './test-arbitraries';

const textsOf = Object.fromEntries(
  await Promise.all(
    locales.map(async (locale) => [
      locale,
      calculatorTexts(locale, (await loadMessages(locale)) as Messages),
    ]),
  ),
) as Record<(typeof locales)[number], ReturnType<typeof calculatorTexts>>;

describe('a package and the calculator', () => {
  it.each(pricingConfig.packages.map((item) => [item.id, item] as const))(
    'package %s: the price on its card is the calculator’s for its choices, in every currency',
    (_, { selection }) => {
      // The card's button opens the calculator with the package's choices…
      const opened = selectionFromQuery(new URLSearchParams(selectionToQuery(selection)));
      const sorted = (features: readonly string[]) => [...features].sort();
      expect({ ...opened, features: sorted(opened.features) }).toEqual({
        ...selection,
        features: sorted(selection.features),
      });
      for (const locale of locales) {
        const { currency } = localeInfo[locale].market;
        // …whose range starts at the card's "from" price.
        const card = comparePackage(textsOf[locale], selection, currency).price;
        expect(card).toBe(inCurrency(estimate(opened), currency).low);
        expect(card).toBe(fromPrice(selection, currency));
      }
    },
  );

  it('the calculator starts a type from its default choices, as switching to the type does', () => {
    expect(calculatorStart(pricingConfig.defaultSelection.type)).toEqual(
      pricingConfig.defaultSelection,
    );
    // The full calculator without a query opens on the same choices.
    expect(selectionFromQuery(new URLSearchParams())).toEqual(
      calculatorStart(pricingConfig.defaultSelection.type),
    );
  });

  it('names what the business package adds to the calculator’s default, and its price', () => {
    const business = pricingConfig.packages.find((item) => item.id === 'business')!.selection;
    const ru = textsOf.ru;
    const compared = comparePackage(ru, business, 'RUB');
    expect(compared.start).toEqual(pricingConfig.defaultSelection);
    expect(compared.added).toEqual([
      ru.features.items.seoStart.name,
      ru.features.items.analytics.name,
    ]);
    expect(compared.dropped).toEqual([]);
    expect(compared.startPrice).toBe(fromPrice(pricingConfig.defaultSelection, 'RUB'));
    expect(compared.price).toBeGreaterThan(compared.startPrice);
  });

  it('a package that differs in price from the calculator’s default always says why', () => {
    for (const locale of locales)
      for (const { selection } of pricingConfig.packages)
        for (const currency of currencies) {
          const compared = comparePackage(textsOf[locale], selection, currency);
          if (compared.price !== compared.startPrice)
            expect(compared.added.length + compared.dropped.length).toBeGreaterThan(0);
        }
  });

  it('for any choices, the differences named are exactly what sets them apart', () => {
    const texts = textsOf.en;
    fc.assert(
      fc.property(validSelection, (selection) => {
        const compared = comparePackage(texts, selection, 'USD');
        const mine = describeSelection(texts, selection);
        const theirs = describeSelection(texts, compared.start);
        // Nothing named is on both sides; together with what both share, each side is complete.
        for (const item of compared.added) expect(theirs).not.toContain(item);
        for (const item of compared.dropped) expect(mine).not.toContain(item);
        const shared = mine.filter((item) => theirs.includes(item));
        expect(new Set([...shared, ...compared.added])).toEqual(new Set(mine));
        expect(new Set([...shared, ...compared.dropped])).toEqual(new Set(theirs));
        // Nothing named means the same choices, and so the same price.
        if (compared.added.length === 0 && compared.dropped.length === 0)
          expect(compared.price).toBe(compared.startPrice);
      }),
    );
  });
});
