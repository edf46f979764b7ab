/**
 * The query keys of a calculator selection. Kept free of imports: the server's
 * rules for the files built ahead (src/server/http/static-rules.ts) read them
 * to render an address that carries any of them per request.
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
