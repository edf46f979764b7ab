import { enhanceDrawer, polyfillInvokers } from './drawer';
import { chooseLanguage } from './language';
import { enhanceMenu, openOnHover } from './menus';

/**
 * The header's controls are native HTML that work from the first paint and
 * without script (components/header/): the drawer a modal `<dialog>` opened
 * by an invoker command, the services and language menus popovers. This adds
 * what HTML cannot, and stands in where a browser lacks invoker commands or
 * light dismiss.
 */
export function enhanceHeader(): void {
  polyfillInvokers();
  const drawer = document.querySelector<HTMLDialogElement>('dialog[data-drawer]');
  if (drawer) enhanceDrawer(drawer);
  for (const trigger of document.querySelectorAll<HTMLButtonElement>('button[popovertarget]')) {
    const menu = trigger.popoverTargetElement;
    if (!(menu instanceof HTMLElement) || !menu.hasAttribute('data-menu')) continue;
    enhanceMenu(trigger, menu);
    if (trigger.hasAttribute('data-hover-open')) openOnHover(trigger, menu);
  }
  document.addEventListener('click', chooseLanguage);
}
