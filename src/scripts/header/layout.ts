/**
 * The width from which the header shows its full menu in the bar instead of
 * the hamburger and the drawer (Tailwind's `lg`, globals.css).
 */
export const barLayout = '(width >= 60rem)';

/** Hides a popover if it is open. */
export function hideMenu(menu: Element): void {
  if (menu instanceof HTMLElement && menu.matches(':popover-open')) menu.hidePopover();
}
