import { clickedLink, isPlainClick } from '@/lib/navigation/navigate';
import { hideMenu } from './layout';

/** How long a mouse may rest on "Services" before it opens, or be away before it closes. */
export const hoverOpenMs = 120;
export const hoverCloseMs = 300;

/** The links of a menu that can take focus, in order. */
const entries = (menu: HTMLElement) =>
  [...menu.querySelectorAll<HTMLElement>('a[href]')].filter((link) => link.checkVisibility());

/** Opens a popover for its button: focus goes back there when it closes. */
function show(menu: HTMLElement, trigger: HTMLElement): void {
  // The DOM types here do not know the `source` option yet (typescript-eslint's
  // view of the DOM types does, hence the directive).
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  (menu.showPopover as (options?: { source?: HTMLElement }) => void).call(menu, {
    source: trigger,
  });
}

/**
 * What script adds to a native popover menu (`popover="auto"` opened by a
 * `popovertarget` button: the services in the header bar, the languages),
 * which opens, closes on Escape or a click elsewhere and returns focus
 * without it: `aria-expanded` on its button; on the button, ArrowDown or
 * ArrowUp to open it at its first or last entry, Home or End once it is open;
 * arrow keys, Home and End between its entries; and closing when an entry is
 * chosen (a page that Back brings from the back-forward cache would show it
 * open).
 */
export function enhanceMenu(trigger: HTMLButtonElement, menu: HTMLElement): void {
  const sync = () => trigger.setAttribute('aria-expanded', String(menu.matches(':popover-open')));
  sync();
  menu.addEventListener('toggle', sync);

  trigger.addEventListener('keydown', (event) => {
    const toLast = event.key === 'ArrowUp' || event.key === 'End';
    if (!(toLast || event.key === 'ArrowDown' || event.key === 'Home')) return;
    const open = menu.matches(':popover-open');
    // Home and End belong to the page until the menu is open.
    if (!open && (event.key === 'Home' || event.key === 'End')) return;
    event.preventDefault();
    if (!open) show(menu, trigger);
    const list = entries(menu);
    list[toLast ? list.length - 1 : 0]?.focus();
  });

  menu.addEventListener('keydown', (event) => {
    const list = entries(menu);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const next = {
      ArrowDown: list[(at + 1) % list.length],
      ArrowUp: list[(at - 1 + list.length) % list.length],
      Home: list[0],
      End: list[list.length - 1],
    }[event.key];
    if (!next) return;
    event.preventDefault();
    next.focus();
  });

  menu.addEventListener('click', (event) => {
    if (isPlainClick(event) && clickedLink(event)) hideMenu(menu);
  });
}

/**
 * A mouse resting on the menu's entry (its button and the menu itself) opens
 * it, and leaving closes what the hover opened. A click on a menu the hover
 * has just opened keeps it open (the button would toggle it shut) and takes
 * over: it stays until dismissed.
 */
export function openOnHover(trigger: HTMLButtonElement, menu: HTMLElement): void {
  const area = trigger.parentElement ?? trigger;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let openedByHover = false;

  area.addEventListener('pointerenter', (event) => {
    // The button shows in the header bar only; in the drawer the list is in place.
    if (event.pointerType !== 'mouse' || !trigger.checkVisibility()) return;
    clearTimeout(timer);
    if (menu.matches(':popover-open')) return;
    timer = setTimeout(() => {
      openedByHover = true;
      show(menu, trigger);
    }, hoverOpenMs);
  });
  area.addEventListener('pointerleave', (event) => {
    if (event.pointerType !== 'mouse') return;
    clearTimeout(timer);
    if (!openedByHover) return;
    timer = setTimeout(() => {
      openedByHover = false;
      hideMenu(menu);
    }, hoverCloseMs);
  });
  trigger.addEventListener('click', (event) => {
    clearTimeout(timer);
    if (openedByHover && menu.matches(':popover-open')) event.preventDefault();
    openedByHover = false;
  });
  menu.addEventListener('toggle', () => {
    if (!menu.matches(':popover-open')) openedByHover = false;
  });
}
