import { describe, expect, it } from 'vitest';
import { consultationConfig } from '@/config/consultation';
import { pricingConfig } from '@/config/pricing';
import { budgetInCurrency, budgetLabel } from './budget';

const texts = {
  upTo: (amount: string) => `up to ${amount}`,
  between: (low: string, high: string) => `${low} – ${high}`,
  over: (amount: string) => `over ${amount}`,
};
const money = (amount: number) => `${amount} ¤`;

describe('budget ranges', () => {
  it('are shown in the visitor currency, rounded to its step', () => {
    expect(budgetInCurrency('under-2k', 'RUB')).toEqual({
      band: 'under-2k',
      currency: 'RUB',
      low: null,
      high: 160_000,
    });
    expect(budgetInCurrency('5k-15k', 'KZT')).toEqual({
      band: '5k-15k',
      currency: 'KZT',
      low: 2_500_000,
      high: 7_500_000,
    });
    expect(budgetInCurrency('over-50k', 'USD')).toMatchObject({ low: 50_000, high: null });
  });

  it('follow each other without a gap in every currency', () => {
    for (const currency of Object.keys(
      pricingConfig.currencies,
    ) as (keyof typeof pricingConfig.currencies)[]) {
      const ranges = consultationConfig.budgetBands.map((band) =>
        budgetInCurrency(band.id, currency),
      );
      for (let i = 1; i < ranges.length; i += 1) expect(ranges[i]!.low).toBe(ranges[i - 1]!.high);
    }
  });

  it('read as words', () => {
    expect(budgetLabel({ low: null, high: 2000 }, texts, money)).toBe('up to 2000 ¤');
    expect(budgetLabel({ low: 2000, high: 5000 }, texts, money)).toBe('2000 ¤ – 5000 ¤');
    expect(budgetLabel({ low: 50_000, high: null }, texts, money)).toBe('over 50000 ¤');
  });
});
