/**
 * Formatting shared by the parts of `npm run bench`'s report.
 */
import { budgets } from './budgets.mjs';

export const ok = (pass) => (pass ? '✅' : '❌');
export const fixed = (value, digits = 1) =>
  typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : '—';
const row = (cells) => `| ${cells.join(' | ')} |`;
export const table = (head, rows) => [row(head), row(head.map(() => '---')), ...rows.map(row)];
export const why = (part) =>
  part?.skipped
    ? 'not measured (skipped)'
    : part?.error
      ? `not measured: ${part.error}`
      : undefined;

export const bareNames = {
  astro: 'bare Astro page',
  astroIsland: 'bare Astro page, React island',
  next: 'bare Next.js page',
};

export { budgets };
