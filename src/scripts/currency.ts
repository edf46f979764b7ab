import { currencyParam } from '@/lib/currency/param';

/**
 * The currency switch (src/components/pricing/currency-switch.tsx) is a row of
 * links that name the page's query as it was rendered. With script, the
 * address may have moved on since (the calculator writes each choice into it):
 * a link then keeps the address as it is now, so switching the currency never
 * undoes what the visitor chose.
 */
export function enhanceCurrencySwitch(): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    const code = link?.dataset.currency;
    if (!link || !code) return;
    const next = new URL(window.location.href);
    next.searchParams.set(currencyParam, code);
    next.hash = new URL(link.href).hash;
    event.preventDefault();
    window.location.assign(next);
  });
}
