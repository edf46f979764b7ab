import {
  featureIds,
  pricingConfig,
  type Currency,
  type FeatureId,
  type PricingConfig,
  type Selection,
} from '@/config/pricing';
import type { ServiceSlug } from '@/config/services';

/**
 * The pricing engine: a pure function from a valid selection to an estimate.
 * Amounts are in the base currency until `inCurrency` converts and rounds them
 * for display. No React, no I/O: the calculator page, the home page and every
 * service page call it with the same config, so their prices agree.
 */

export type LineId = 'build' | `feature:${FeatureId}` | 'urgency' | 'support';
export type EstimateLine = { id: LineId; amount: number };

export type Estimate = {
  lines: EstimateLine[];
  /** The computed price; the range around it is what the visitor sees. */
  total: number;
  low: number;
  high: number;
  /** Calendar weeks from the start of work to launch (support is after it). */
  weeks: number;
  period: 'project' | 'month';
};

export function estimate(selection: Selection, config: PricingConfig = pricingConfig): Estimate {
  const type = config.projectTypes[selection.type];
  const extraUnits = Math.max(0, selection.size - type.size.included);
  const design = type.design ? config.design[selection.design] : { factor: 1, weeksFactor: 1 };
  const platform =
    'platforms' in type && type.platforms && selection.platform
      ? config.platforms[selection.platform]
      : { factor: 1, weeksFactor: 1 };
  const build = (type.base + extraUnits * type.size.perUnit) * design.factor * platform.factor;

  const lines: EstimateLine[] = [{ id: 'build', amount: build }];
  let featureWeeks = 0;
  for (const id of featureIds) {
    if (!selection.features.includes(id)) continue;
    const feature = config.features[id];
    const amount =
      'fixed' in feature.price ? feature.price.fixed : (build * feature.price.percent) / 100;
    lines.push({ id: `feature:${id}`, amount });
    featureWeeks += feature.weeks;
  }
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  // Options that do not apply to the type (a schema-checked selection holds their neutral values) change nothing.
  const urgency = type.urgency ? config.urgency[selection.urgency] : { factor: 1, weeksFactor: 1 };
  const urgencyAmount = subtotal * (urgency.factor - 1);
  if (urgencyAmount > 0) lines.push({ id: 'urgency', amount: urgencyAmount });
  const supportAmount = type.support ? selection.support * config.support.perMonth : 0;
  if (supportAmount > 0) lines.push({ id: 'support', amount: supportAmount });

  const total = subtotal + urgencyAmount + supportAmount;
  const rawWeeks =
    (type.weeks + extraUnits * type.size.weeksPerUnit + featureWeeks) *
    design.weeksFactor *
    platform.weeksFactor *
    urgency.weeksFactor;
  return {
    lines,
    total,
    low: total * config.range.low,
    high: total * config.range.high,
    weeks: Math.max(1, Math.ceil(rawWeeks - 1e-9)),
    period: type.period,
  };
}

export type PricedEstimate = {
  currency: Currency;
  low: number;
  high: number;
  weeks: number;
  period: 'project' | 'month';
  lines: EstimateLine[];
};

/**
 * An estimate in a display currency. Every amount is a whole number of the
 * currency's step; the low end is rounded down and the high end up, so the
 * range never claims more precision than it has.
 */
export function inCurrency(
  result: Estimate,
  currency: Currency,
  config: PricingConfig = pricingConfig,
): PricedEstimate {
  const { rate, step } = config.currencies[currency];
  const round = (amount: number, how: (n: number) => number) =>
    Math.max(step, how((amount * rate) / step - 1e-9) * step);
  return {
    currency,
    low: round(result.low, Math.floor),
    high: Math.max(round(result.high, Math.ceil), round(result.low, Math.floor)),
    weeks: result.weeks,
    period: result.period,
    lines: result.lines.map((line) => ({ id: line.id, amount: round(line.amount, Math.round) })),
  };
}

/** The lowest price of a selection in a currency: what "from" means on the site. */
export function fromPrice(
  selection: Selection,
  currency: Currency,
  config: PricingConfig = pricingConfig,
): number {
  return inCurrency(estimate(selection, config), currency, config).low;
}

/** A service's price, from the selection behind it (`pricingConfig.services`). */
export function servicePrice(
  slug: ServiceSlug,
  currency: Currency,
  config: PricingConfig = pricingConfig,
): PricedEstimate {
  return inCurrency(estimate(config.services[slug], config), currency, config);
}

/** One base-currency amount in a display currency, to the nearest step (a feature's price, say). */
export function toCurrency(
  amount: number,
  currency: Currency,
  config: PricingConfig = pricingConfig,
): number {
  const { rate, step } = config.currencies[currency];
  return Math.max(step, Math.round((amount * rate) / step) * step);
}

/** A campaign's estimate per month: work priced per month scales with the months chosen. */
export function perMonth(result: Estimate, months: number): Estimate {
  const share = (amount: number) => amount / Math.max(1, months);
  return {
    ...result,
    lines: result.lines.map((line) => ({ ...line, amount: share(line.amount) })),
    total: share(result.total),
    low: share(result.low),
    high: share(result.high),
  };
}
