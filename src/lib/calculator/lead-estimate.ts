import { defaultCurrency } from '@/lib/currency/choice';
import { isLangCode } from '@/i18n/locales';
import { z } from 'zod';
import { currencies, pricingConfig, type Currency, type Selection } from '@/config/pricing';
import { estimate, inCurrency, type PricedEstimate } from './estimate';
import { selectionToQuery } from './selection';
import { parseSelectionQuery, selectionSchema } from './selection-schema';

/**
 * What a lead stores when the visitor attaches a calculator estimate. The form
 * sends only the selection; the server prices it again with the engine, so the
 * numbers the team sees are the site's own, never the browser's word.
 */
export type LeadEstimate = PricedEstimate & {
  selection: Selection;
  /** The calculator page that shows this estimate again, without the site's origin. */
  link: string;
  /** The date the exchange rates were set, so a price can be explained later. */
  pricesAsOf: string;
};

/** The stored estimate of a lead, for notifications; anything else reads as `null`. */
export const leadEstimateSchema = z.object({
  selection: selectionSchema,
  link: z.string().regex(/^\/[a-z]{2}\/calculator\?/),
  currency: z.enum(currencies),
  low: z.number(),
  high: z.number(),
  weeks: z.number(),
  period: z.enum(['project', 'month']),
  lines: z.array(z.object({ id: z.string(), amount: z.number() })),
  pricesAsOf: z.string(),
});

/** The estimate of a selection query in a currency, or `null` when the query is not a valid selection. */
export function leadEstimate(
  query: string,
  langCode: string,
  currency: Currency,
): LeadEstimate | null {
  const selection = parseSelectionQuery(query);
  if (!selection) return null;
  const priced = inCurrency(estimate(selection), currency);
  return {
    selection,
    // In the currency the visitor saw, so the team opens the same figures.
    link: `/${langCode}/calculator?${selectionToQuery(selection)}${
      isLangCode(langCode) && currency === defaultCurrency(langCode) ? '' : `&currency=${currency}`
    }`,
    currency,
    low: priced.low,
    high: priced.high,
    weeks: priced.weeks,
    period: priced.period,
    lines: priced.lines,
    pricesAsOf: pricingConfig.ratesSetOn,
  };
}
