/** The query parameter that picks the currency of a page's prices (./choice.ts). */
export const currencyParam = 'currency';
