import { clickedLink, isPlainClick } from '@/lib/navigation/navigate';
import { barLayout, hideMenu } from './layout';

/**
 * What script adds to the drawer (components/header/site-nav.tsx), a native
 * modal `<dialog>` that opens, traps focus, closes on Escape and on a click
 * outside and gives focus back to the hamburger by itself: `aria-expanded` on
 * the hamburger; closing when an entry or the contact button is chosen (a
 * link to a section of the page shown would leave it open, and so would a
 * page that Back brings from the back-forward cache); closing when the window
 * grows to the header bar's layout; and light dismiss where the browser lacks
 * `closedby`.
 */
export function enhanceDrawer(dialog: HTMLDialogElement): void {
  const openers = document.querySelectorAll(
    `button[commandfor="${dialog.id}"][command="show-modal"]`,
  );
  // Opened before this code arrived (the invoker works without it)? Then it says so.
  const sync = () => {
    for (const opener of openers) opener.setAttribute('aria-expanded', String(dialog.open));
  };
  sync();
  new MutationObserver(sync).observe(dialog, { attributes: true, attributeFilter: ['open'] });

  dialog.addEventListener('click', (event) => {
    if (!dialog.open) return;
    if (event.target === dialog) {
      // A click on the backdrop lands on the dialog itself, outside its box.
      if ('closedBy' in dialog) return;
      const box = dialog.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) dialog.close();
      return;
    }
    if (isPlainClick(event) && clickedLink(event)) dialog.close();
  });

  // The layout changes under the menus: whatever is open in them closes.
  const bar = window.matchMedia(barLayout);
  bar.addEventListener('change', () => {
    dialog.querySelectorAll('[popover]').forEach(hideMenu);
    if (bar.matches) dialog.close();
  });
  showServicesInBar(dialog, bar);
}

/**
 * In the header bar, the services popover sits inside the drawer's closed
 * `<details>`, whose content the stylesheet shows through `::details-content`.
 * A browser that does not know it would hide the popover: there the
 * `<details>` is opened while the bar's layout shows.
 */
function showServicesInBar(dialog: HTMLDialogElement, bar: MediaQueryList): void {
  if (typeof CSS === 'undefined' || CSS.supports('selector(::details-content)')) return;
  const details = dialog.querySelector('details');
  if (!details) return;
  const inDrawer = details.open;
  const apply = () => {
    details.open = bar.matches || inDrawer;
  };
  apply();
  bar.addEventListener('change', apply);
}

/**
 * Invoker commands (`commandfor` and `command` on a button) where the browser
 * does not run them itself: the drawer's hamburger and close button.
 */
export function polyfillInvokers(): void {
  if ('commandForElement' in HTMLButtonElement.prototype) return;
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('button[commandfor]');
    if (!button) return;
    const target = document.getElementById(button.getAttribute('commandfor') ?? '');
    if (!(target instanceof HTMLDialogElement)) return;
    const command = button.getAttribute('command');
    if (command === 'show-modal' && !target.open) target.showModal();
    else if (command === 'close' && target.open) target.close();
  });
}
