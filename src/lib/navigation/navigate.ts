import { checkNavigation, isExternalUrl, type NavigationOptions } from './safe-url';
import { claimReload } from './reload-guard';

/**
 * Navigation from script in the browser. Each page of the site is a document
 * of its own, so a navigation loads the target's document, which brings the
 * build that is live now: what is left to do here is the safety check of
 * every URL (safe-url.ts), and one case of a page that knows it is outdated
 * (a newer build is live, src/lib/builds/watch.ts). A move to another part
 * of the same document (a link to a section) would not load anything, and
 * would carry the old build's code on: on an outdated page it loads the
 * document afresh instead.
 */

const state = { outdated: false };

/** A newer build is live: from now on, a move within this document loads it afresh. */
export function markOutdated(): void {
  state.outdated = true;
}

export function isOutdated(): boolean {
  return state.outdated;
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Whether `target` is the document at `here`, or another part of it (only the hash differs). */
function sameDocument(target: URL, here: URL): boolean {
  return (
    target.origin === here.origin &&
    target.pathname === here.pathname &&
    target.search === here.search
  );
}

export type NavigateOptions = NavigationOptions & {
  /** Take the place of the current entry in the history instead of adding one. */
  replace?: boolean;
};

/**
 * Loads a page of the site afresh, even when it is the document being shown,
 * unless the reload guard (reload-guard.ts) refuses: the same page was loaded
 * this way less than 10 seconds ago, so a page that keeps failing never
 * reloads in a loop. Returns whether the load began.
 */
export function loadInFull(url: string, { replace = false }: { replace?: boolean } = {}): boolean {
  checkNavigation(url, { external: true });
  const here = new URL(window.location.href);
  const target = new URL(url, here);
  // Only pages of the site: an absolute URL is accepted when it names this origin.
  if (target.origin !== here.origin) checkNavigation(url);
  if (!claimReload(`${target.pathname}${target.search}`, { storage: sessionStore() })) return false;
  if (!sameDocument(target, here)) {
    if (replace) window.location.replace(target.href);
    else window.location.assign(target.href);
    return true;
  }
  // An address that differs only by its hash is a move within the document:
  // it is made first (the browser scrolls to the section and keeps the
  // history as usual), then the document reloads there, and the browser
  // restores that scroll position on the fresh one.
  if (target.href !== here.href) {
    if (replace) window.location.replace(target.href);
    else window.location.assign(target.href);
  }
  window.location.reload();
  return true;
}

/**
 * The one helper for navigation from script: the safety check (it throws a
 * `NavigationError` for a refused URL), then a full load of the target.
 */
export function navigate(url: string, options: NavigateOptions = {}): void {
  checkNavigation(url, options);
  if (
    !isExternalUrl(url) &&
    state.outdated &&
    sameDocument(new URL(url, window.location.href), new URL(window.location.href)) &&
    loadInFull(url, options)
  ) {
    return;
  }
  if (options.replace) window.location.replace(url);
  else window.location.assign(url);
}

type ClickLike = Pick<
  MouseEvent,
  'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented' | 'target'
>;

/** A click that follows a link in this tab: the main button, no modifier, not taken by anyone yet. */
export function isPlainClick(event: ClickLike): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
  );
}

/** The link a click landed on, if it opens in this tab. */
export function clickedLink(event: ClickLike): HTMLAnchorElement | null {
  const target = event.target as Element | null;
  const link = target?.closest?.<HTMLAnchorElement>('a[href]') ?? null;
  if (!link || link.hasAttribute('download')) return null;
  return link.target && link.target !== '_self' ? null : link;
}

/**
 * For every click in the page: on an outdated page, a link to another part of
 * the same document loads that document afresh (a link to another page loads
 * it anyway).
 */
export function followInFullWhenOutdated(event: MouseEvent): void {
  if (!state.outdated || !isPlainClick(event)) return;
  const link = clickedLink(event);
  if (!link) return;
  const target = new URL(link.href, window.location.href);
  if (!sameDocument(target, new URL(window.location.href))) return;
  if (loadInFull(target.href)) event.preventDefault();
}

/** For tests: back to a fresh page. */
export function resetNavigationState(): void {
  state.outdated = false;
}
