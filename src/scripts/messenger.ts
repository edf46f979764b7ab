import { analyticsIdsForRequest } from '@/lib/analytics/goals';
import { attributionForRequest } from '@/lib/attribution/browser';

/**
 * The chat buttons (src/components/contacts/messenger-buttons.tsx) post as
 * they are without script; with it, they carry where the visit came from and
 * the analytics ids the visitor allowed, as the request form does.
 */
export function enhanceMessengerButtons(): void {
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.messenger) return;
    for (const [name, value] of [
      ['attribution', attributionForRequest()],
      ['analytics', analyticsIdsForRequest()],
    ] as const) {
      const present = form.elements.namedItem(name);
      const input =
        present instanceof HTMLInputElement
          ? present
          : form.appendChild(
              Object.assign(document.createElement('input'), { type: 'hidden', name }),
            );
      input.value = value;
    }
  });
}
