import { currencyParam } from '@/lib/currency/param';
import { clickedLink, isPlainClick, navigate } from '@/lib/navigation/navigate';
import { keepConsultationDraft } from './consultation-draft';

/**
 * The currency switch (src/components/pricing/currency-switch.tsx) is a row of
 * links that name the page's query as it was rendered. With script, the
 * address may have moved on since (the calculator writes each choice into it):
 * a link then keeps the address as it is now, and what the visitor typed into
 * the consultation form comes back on the page in the new currency, so
 * switching the currency never undoes what the visitor chose.
 */
export function enhanceCurrencySwitch(): void {
  document.addEventListener('click', (event) => {
    if (!isPlainClick(event)) return;
    const link = clickedLink(event);
    const code = link?.dataset.currency;
    if (!link || !code) return;
    const next = new URL(window.location.href);
    next.searchParams.set(currencyParam, code);
    next.hash = new URL(link.href).hash;
    event.preventDefault();
    keepConsultationDraft(next.pathname);
    navigate(`${next.pathname}${next.search}${next.hash}`);
  });
}
