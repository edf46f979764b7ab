import type { ServiceSlug } from './services';

/**
 * Prices the agency edits. Amounts are in the base currency; every language
 * shows its own currency through `rate` (units per base unit) and rounds to
 * `step`. The calculator issue owns the full shape of this file (project types,
 * options); until then it holds the "from" price of each service page.
 */
export const pricingConfig = {
  baseCurrency: 'USD',
  /** When the rates below were last set. */
  ratesSetOn: '2026-11-01',
  currencies: {
    USD: { rate: 1, step: 50 },
    RUB: { rate: 80, step: 5_000 },
    KZT: { rate: 500, step: 25_000 },
    UAH: { rate: 42, step: 1_000 },
  },
  /** The lowest price of each service: a whole project, or a month of ongoing work. */
  services: {
    web: { from: 900, per: 'project' },
    mobile: { from: 7_000, per: 'project' },
    'smm-target': { from: 500, per: 'month' },
    seo: { from: 450, per: 'month' },
    marketing: { from: 1_200, per: 'project' },
    integration: { from: 800, per: 'project' },
    automation: { from: 1_200, per: 'project' },
    'email-marketing': { from: 400, per: 'month' },
    cybersecurity: { from: 1_500, per: 'project' },
    crm: { from: 1_000, per: 'project' },
    'conversion-analytics': { from: 700, per: 'project' },
    'content-marketing': { from: 600, per: 'month' },
    consulting: { from: 400, per: 'project' },
    'cloud-devops': { from: 1_500, per: 'project' },
  },
} as const satisfies {
  baseCurrency: 'USD';
  ratesSetOn: string;
  currencies: Record<'USD' | 'RUB' | 'KZT' | 'UAH', { rate: number; step: number }>;
  services: Record<ServiceSlug, { from: number; per: 'project' | 'month' }>;
};

export type Currency = keyof typeof pricingConfig.currencies;
