import { checkNavigation, isExternalUrl, type NavigationOptions } from './safe-url';
import { claimReload } from './reload-guard';

/**
 * Programmatic navigation in the browser (BEHAVIOUR.md sections 4 and 6): the
 * safety check, then a client-side navigation, or a full page load when the
 * URL leaves the site or the app is outdated. It also remembers where the
 * visitor is going, so a chunk that fails to load on the way can be recovered
 * by loading that page in full.
 */

type ClientRouter = { push: (url: string) => void; replace: (url: string) => void };

const state: { outdated: boolean; pending: { url: string; at: number } | null } = {
  outdated: false,
  pending: null,
};

/** A newer build is deployed: from now on in-app navigations are full page loads. */
export function markOutdated(): void {
  state.outdated = true;
}

export function isOutdated(): boolean {
  return state.outdated;
}

/** Notes a navigation that has begun (a link click, a router call, back or forward). */
export function notePendingNavigation(url: string, now = Date.now()): void {
  state.pending = { url: new URL(url, window.location.href).href, at: now };
}

/** The navigation under way has arrived (the router shows its page). */
export function settleNavigation(): void {
  state.pending = null;
}

/** The target of the navigation under way, if one began in the last `maxAgeMs`. */
export function pendingNavigation(maxAgeMs = 30_000, now = Date.now()): string | null {
  return state.pending && now - state.pending.at <= maxAgeMs ? state.pending.url : null;
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * A full page load of a URL of the site, unless the reload guard refuses it
 * (the same page was loaded this way less than 10 seconds ago). Returns
 * whether the load was started.
 */
export function fullPageLoad(url: string, { replace = false } = {}): boolean {
  checkNavigation(url, { external: true });
  const here = new URL(window.location.href);
  const target = new URL(url, here);
  // Only pages of the site: an absolute URL is accepted when it names this origin.
  if (target.origin !== here.origin) checkNavigation(url);
  if (!claimReload(`${target.pathname}${target.search}`, { storage: sessionStore() })) return false;
  if (replace) window.location.replace(target.href);
  else window.location.assign(target.href);
  return true;
}

export type NavigateOptions = NavigationOptions & { replace?: boolean };

/** The one helper for programmatic navigation. Throws a NavigationError for a refused URL. */
export function navigate(url: string, router: ClientRouter, options: NavigateOptions = {}): void {
  checkNavigation(url, options);
  if (isExternalUrl(url)) {
    if (options.replace) window.location.replace(url);
    else window.location.assign(url);
    return;
  }
  notePendingNavigation(url);
  if (state.outdated && fullPageLoad(url, { replace: options.replace })) return;
  if (options.replace) router.replace(url);
  else router.push(url);
}

/** For tests: back to a fresh page. */
export function resetNavigationState(): void {
  state.outdated = false;
  state.pending = null;
}
