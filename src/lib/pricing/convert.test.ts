import { describe, expect, it } from 'vitest';
import { pricingConfig, type Currency } from '@/config/pricing';
import { convertPrice } from './convert';

describe('convertPrice', () => {
  it('keeps the base currency as it is, rounded to its step', () => {
    expect(convertPrice(900, 'USD')).toBe(900);
    expect(convertPrice(925, 'USD')).toBe(950);
  });

  it('converts by the rate and rounds to the step of each currency', () => {
    expect(convertPrice(900, 'RUB')).toBe(70_000);
    expect(convertPrice(900, 'KZT')).toBe(450_000);
    expect(convertPrice(900, 'UAH')).toBe(38_000);
  });

  it('every service price is a whole number of steps in every currency', () => {
    for (const currency of Object.keys(pricingConfig.currencies) as Currency[]) {
      for (const { from } of Object.values(pricingConfig.services)) {
        expect(convertPrice(from, currency) % pricingConfig.currencies[currency].step).toBe(0);
      }
    }
  });
});
