'use client';

import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

/** The links of a popover that can take focus, in order. */
const entries = (popover: HTMLElement) =>
  [...popover.querySelectorAll<HTMLElement>('a[href]')].filter((link) => link.offsetParent);

/**
 * What script adds to a native popover menu (`popover="auto"` opened by a
 * `popovertarget` button), which already opens, closes on Escape or a click
 * elsewhere and returns focus without it: whether it is open, for the button's
 * `aria-expanded` (undefined until hydrated, when the browser reports it
 * itself); on the button, ArrowDown or ArrowUp to open it at its first or last
 * entry, and Home or End once it is open; arrow keys, Home and End between its
 * entries; and `hide` for a chosen entry, whose
 * client-side navigation would otherwise leave it open.
 */
export function usePopover() {
  const popover = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<boolean>();

  useEffect(() => {
    const element = popover.current!;
    setOpen(element.matches(':popover-open'));
    const onToggle = (event: Event) => setOpen((event as ToggleEvent).newState === 'open');
    element.addEventListener('toggle', onToggle);
    return () => element.removeEventListener('toggle', onToggle);
  }, []);

  const hide = useCallback(() => {
    if (popover.current?.matches(':popover-open')) popover.current.hidePopover();
  }, []);

  const onTriggerKeyDown = useCallback((event: KeyboardEvent<HTMLButtonElement>) => {
    const element = popover.current;
    const toLast = event.key === 'ArrowUp' || event.key === 'End';
    if (!element || !(toLast || event.key === 'ArrowDown' || event.key === 'Home')) return;
    const isOpen = element.matches(':popover-open');
    // Home and End belong to the page until the menu is open.
    if (!isOpen && (event.key === 'Home' || event.key === 'End')) return;
    event.preventDefault();
    if (!isOpen) {
      // `source` ties the popover to its button (focus goes back there on close);
      // the DOM types here do not know the option yet (typescript-eslint's view of
      // the DOM types does, hence the directive).
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
      (element.showPopover as (options?: { source?: HTMLElement }) => void).call(element, {
        source: event.currentTarget,
      });
    }
    const list = entries(element);
    list[toLast ? list.length - 1 : 0]?.focus();
  }, []);

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLElement>) => {
    const element = popover.current;
    if (!element) return;
    const list = entries(element);
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
  }, []);

  return { popover, open, hide, onKeyDown, onTriggerKeyDown };
}
