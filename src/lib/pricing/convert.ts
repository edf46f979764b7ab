import { pricingConfig, type Currency } from '@/config/pricing';

/** An amount in the base currency, in `currency`, rounded to that currency's step. */
export function convertPrice(amount: number, currency: Currency): number {
  const { rate, step } = pricingConfig.currencies[currency];
  return Math.max(step, Math.round((amount * rate) / step) * step);
}
