import type { Currency, Selection } from '@/config/pricing';
import type { LangCode } from '@/i18n/locales';
import { selectionToQuery } from './selection';

/** Where the estimate's PDF is made (src/pages/api/estimate.pdf.ts). */
export const proposalPath = '/api/estimate.pdf';

/**
 * The address of a selection's PDF estimate in a language and a currency: the
 * calculator's own query, so the link can be shared and opens the same figures.
 */
export function proposalHref(lang: LangCode, selection: Selection, currency: Currency): string {
  return `${proposalPath}?lang=${lang}&${selectionToQuery(selection)}&currency=${currency}`;
}
