import { loadInFull } from './navigate';
import { pageErrorEvent } from './page-error';

/**
 * Recovery from a script or stylesheet of the build that fails to load:
 * typically a deploy removed the old build's files while a page of it was
 * open, and an island of that page asks for its code only now (when it comes
 * into view, say). The page reloads, which brings the current build's HTML
 * and files; the reload guard keeps a file that is missing for good from
 * reloading the page in a loop. The document's own content, rendered ahead,
 * stays readable meanwhile.
 */

/** Where the build's hashed files live (Astro's `_astro` folder). */
export const buildAssetsPrefix = '/_astro/';

/** Whether an error is a module or stylesheet of the build that failed to load. */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { message } = error as { message?: unknown };
  return (
    typeof message === 'string' &&
    // Chromium, Firefox and Safari word a failed import() each their own way;
    // Vite's loader says so of an island's stylesheet.
    /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS)/.test(
      message,
    )
  );
}

const isBuildAsset = (url: string) =>
  new URL(url || '/', window.location.href).pathname.startsWith(buildAssetsPrefix);

/** Whether an element that failed to load is one of the build's scripts or stylesheets. */
export function isChunkElement(target: EventTarget | null): boolean {
  if (typeof HTMLScriptElement !== 'undefined' && target instanceof HTMLScriptElement) {
    return isBuildAsset(target.src);
  }
  if (typeof HTMLLinkElement !== 'undefined' && target instanceof HTMLLinkElement) {
    // Fonts and prefetched pages are no part of what the page needs to work.
    const code =
      /\b(stylesheet|modulepreload)\b/.test(target.rel) ||
      (/\bpreload\b/.test(target.rel) && ['script', 'style'].includes(target.as));
    return code && isBuildAsset(target.href);
  }
  return false;
}

/** Reloads the page, unless the guard says it just did. Returns whether a load began. */
/**
 * Until when the visitor is on the way to another document (a link they
 * followed, a form they sent): a file of this page that fails meanwhile must
 * not reload this page and take them back. The new page recovers on its own.
 */
let leavingUntil = 0;

export function recoverFromChunkFailure(): boolean {
  if (Date.now() < leavingUntil) return false;
  return loadInFull(window.location.href);
}

/**
 * Whether a stylesheet of the build had failed before this code ran: the
 * page's script runs once the document is parsed, after its stylesheets have
 * loaded or failed, so their error events are past. A stylesheet that failed
 * has no rules (Chromium keeps an empty sheet for it); the build's never do.
 */
function failedStylesheets(): boolean {
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"]')].some(
    (link) => isBuildAsset(link.href) && !link.sheet?.cssRules.length,
  );
}

type HydrationError = CustomEvent<{ error: unknown; componentUrl: string | null }>;

/** Listens for failures of the build's files; returns a function that stops listening. */
export function installChunkRecovery(): () => void {
  // Load errors of elements do not bubble: they are caught on the way down.
  const onError = (event: Event) => {
    if (isChunkElement(event.target)) recoverFromChunkFailure();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) recoverFromChunkFailure();
  };
  // An island whose code failed to load (Astro tried twice): Astro would log
  // the error, which is moot when the page reloads.
  const onHydrationError = (event: Event) => {
    const { detail } = event as HydrationError;
    if (isChunkLoadError(detail?.error) && recoverFromChunkFailure()) event.preventDefault();
  };
  // Vite's loader of an island's stylesheet: a failure it would throw.
  const onPreloadError = (event: Event) => {
    if (recoverFromChunkFailure()) event.preventDefault();
  };
  // An island's error boundary passes on what it caught (page-error.ts).
  const onPageError = (event: Event) => {
    if (isChunkLoadError((event as CustomEvent<unknown>).detail)) recoverFromChunkFailure();
  };
  // The Navigation API tells of a navigation as it starts; a browser without it
  // keeps the earlier behaviour. A navigation that never leaves (a download, a
  // 204) only holds recovery back for a few seconds.
  const onNavigate = (event: Event) => {
    if (!(event as Event & { destination?: { sameDocument?: boolean } }).destination?.sameDocument)
      leavingUntil = Date.now() + 10_000;
  };
  const navigation = (window as Window & { navigation?: EventTarget }).navigation;
  navigation?.addEventListener('navigate', onNavigate);
  window.addEventListener('error', onError, { capture: true });
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('vite:preloadError', onPreloadError);
  window.addEventListener(pageErrorEvent, onPageError);
  document.addEventListener('astro:hydration-error', onHydrationError);
  if (failedStylesheets()) recoverFromChunkFailure();
  return () => {
    leavingUntil = 0;
    navigation?.removeEventListener('navigate', onNavigate);
    window.removeEventListener('error', onError, { capture: true });
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('vite:preloadError', onPreloadError);
    window.removeEventListener(pageErrorEvent, onPageError);
    document.removeEventListener('astro:hydration-error', onHydrationError);
  };
}
