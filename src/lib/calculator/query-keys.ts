/**
 * The query keys of a calculator selection. Kept free of imports: next.config.ts
 * reads them to send an address that carries any of them to the per-request
 * calculator page.
 */
export const calculatorQueryKeys = [
  'type',
  'size',
  'design',
  'features',
  'platform',
  'urgency',
  'support',
] as const;
export type CalculatorQueryKey = (typeof calculatorQueryKeys)[number];
