import fc from 'fast-check';

import { describe, expect, it } from 'vitest';
import {
  currencies,
  featureIds,
  pricingConfig,
  urgencyLevels,
  type Selection,
} from '@/config/pricing';
import { estimate, fromPrice, inCurrency } from './estimate';
import { featuresFor } from './selection';
import { selectionSchema } from './selection-schema';
import { validSelection } from './test-arbitraries';

/** A custom design, no features, standard urgency and no support, but for what is named. */
function selectionWith(named: Pick<Selection, 'type' | 'size'> & Partial<Selection>): Selection {
  return { design: 'custom', features: [], urgency: 'standard', support: 0, ...named };
}

const corporateWithCms = selectionWith({ type: 'corporate', size: 10, features: ['cms'] });

describe('estimate: worked examples', () => {
  it('prices a ten-page corporate site with a CMS', () => {
    const result = estimate(corporateWithCms);
    // 2500 + 5 extra pages × 120 = 3100; CMS 700.
    expect(result.lines).toEqual([
      { id: 'build', amount: 3100 },
      { id: 'feature:cms', amount: 700 },
    ]);
    expect(result.total).toBe(3800);
    expect(result.low).toBeCloseTo(3420);
    expect(result.high).toBeCloseTo(4940);
    // 5 weeks + 5 × 0.2 + 1 for the CMS.
    expect(result.weeks).toBe(7);
    expect(result.period).toBe('project');
  });

  it('adds urgency and support as their own lines', () => {
    const result = estimate(
      selectionWith({ type: 'landing', size: 1, urgency: 'rush', support: 2 }),
    );
    expect(result.lines).toEqual([
      { id: 'build', amount: 800 },
      { id: 'urgency', amount: 400 },
      { id: 'support', amount: 500 },
    ]);
    expect(result.weeks).toBe(2);
  });

  it('prices a mobile app for both platforms higher than for one', () => {
    const one = estimate(selectionWith({ type: 'mobile', size: 12, platform: 'ios' }));
    const both = estimate(selectionWith({ type: 'mobile', size: 12, platform: 'both' }));
    expect(both.total).toBeCloseTo(one.total * 1.7);
    expect(both.weeks).toBeGreaterThan(one.weeks);
  });

  it('converts and rounds to each currency step, low end down and high end up', () => {
    const result = estimate(corporateWithCms);
    expect(inCurrency(result, 'USD')).toMatchObject({ low: 3400, high: 4950 });
    expect(inCurrency(result, 'RUB')).toMatchObject({ low: 270_000, high: 400_000 });
    expect(inCurrency(result, 'KZT')).toMatchObject({ low: 1_700_000, high: 2_475_000 });
    expect(inCurrency(result, 'UAH')).toMatchObject({ low: 143_000, high: 208_000 });
  });
});

describe('estimate: properties', () => {
  it('low ≤ high, both positive, weeks at least one', () => {
    fc.assert(
      fc.property(validSelection, (selection) => {
        const result = estimate(selection);
        expect(result.low).toBeGreaterThan(0);
        expect(result.low).toBeLessThanOrEqual(result.high);
        expect(result.weeks).toBeGreaterThanOrEqual(1);
        for (const currency of currencies) {
          const priced = inCurrency(result, currency);
          expect(priced.low).toBeLessThanOrEqual(priced.high);
        }
      }),
    );
  });

  it('adding a feature never lowers the price', () => {
    fc.assert(
      fc.property(validSelection, fc.nat(), (selection, pick) => {
        const missing = featuresFor(selection.type).filter(
          (id) => !selection.features.includes(id),
        );
        fc.pre(missing.length > 0);
        const added = missing[pick % missing.length]!;
        const more = {
          ...selection,
          features: featureIds.filter((id) => id === added || selection.features.includes(id)),
        };
        const [before, after] = [estimate(selection), estimate(more)];
        expect(after.low).toBeGreaterThanOrEqual(before.low);
        expect(after.high).toBeGreaterThanOrEqual(before.high);
        for (const currency of currencies) {
          expect(inCurrency(after, currency).low).toBeGreaterThanOrEqual(
            inCurrency(before, currency).low,
          );
        }
      }),
    );
  });

  it('urgency never lowers the price and never lengthens the work', () => {
    fc.assert(
      fc.property(validSelection, (selection) => {
        const results = urgencyLevels.map((urgency) => estimate({ ...selection, urgency }));
        for (let i = 1; i < results.length; i += 1) {
          expect(results[i]!.total).toBeGreaterThanOrEqual(results[i - 1]!.total);
          expect(results[i]!.weeks).toBeLessThanOrEqual(results[i - 1]!.weeks);
        }
      }),
    );
  });

  it('every amount in every currency is a whole number of its step', () => {
    fc.assert(
      fc.property(validSelection, fc.constantFrom(...currencies), (selection, currency) => {
        const { step } = pricingConfig.currencies[currency];
        const priced = inCurrency(estimate(selection), currency);
        for (const amount of [
          priced.low,
          priced.high,
          ...priced.lines.map((line) => line.amount),
        ]) {
          expect(amount % step).toBe(0);
        }
      }),
    );
  });

  it('every selection the generator makes passes the strict schema', () => {
    fc.assert(
      fc.property(validSelection, (selection) => {
        expect(selectionSchema.parse(selection)).toEqual(selection);
      }),
    );
  });
});

describe('prices shown on the site', () => {
  it.each(pricingConfig.packages.map((p) => [p.id, p.selection] as const))(
    'package %s: its "from" price is the engine low for its selection, in every currency',
    (_, selection) => {
      expect(selectionSchema.safeParse(selection).success).toBe(true);
      for (const currency of currencies) {
        expect(fromPrice(selection, currency)).toBe(inCurrency(estimate(selection), currency).low);
      }
    },
  );

  it('every service selection is valid, so every service page has a computed price', () => {
    for (const [slug, selection] of Object.entries(pricingConfig.services)) {
      expect(selectionSchema.safeParse(selection).success, slug).toBe(true);
      expect(fromPrice(selection, 'USD'), slug).toBeGreaterThan(0);
    }
  });
});
