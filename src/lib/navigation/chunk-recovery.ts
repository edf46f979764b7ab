import { fullPageLoad, notePendingNavigation, pendingNavigation } from './navigate';
import { pageErrorEvent } from './page-error';

/**
 * Recovery from a script or style chunk that fails to load (BEHAVIOUR.md
 * section 6): typically a deploy removed the old build's files while a page of
 * it was open. The target of the navigation under way is loaded in full, which
 * brings the current build's HTML and chunks; the reload guard keeps a chunk
 * that is missing for good from reloading the page in a loop.
 */

/** Whether an error is a chunk that failed to load (Turbopack names it `ChunkLoadError`). */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return (
    typeof message === 'string' &&
    /^(Failed to load chunk|Loading (CSS )?chunk \S+ failed)/.test(message)
  );
}

/** Whether an element that failed to load is one of the build's scripts or stylesheets. */
export function isChunkElement(target: EventTarget | null): boolean {
  if (typeof HTMLScriptElement !== 'undefined' && target instanceof HTMLScriptElement) {
    return new URL(target.src || '/', window.location.href).pathname.startsWith('/_next/');
  }
  if (typeof HTMLLinkElement !== 'undefined' && target instanceof HTMLLinkElement) {
    return (
      /\b(stylesheet|preload|modulepreload)\b/.test(target.rel) &&
      new URL(target.href || '/', window.location.href).pathname.startsWith('/_next/')
    );
  }
  return false;
}

/**
 * Loads in full the page the visitor was going to, or, before the page has
 * finished loading or when the failure left an error on screen, the page
 * itself. A chunk failing later with no navigation under way (a prefetch)
 * changes nothing on screen and is left alone: the navigation that needs it
 * will recover then. Returns whether a load began.
 */
export function recoverFromChunkFailure({ shown = false } = {}): boolean {
  const current = shown || document.readyState !== 'complete' ? window.location.href : null;
  const target = pendingNavigation() ?? current;
  return target !== null && fullPageLoad(target);
}

/** Listens for chunk failures in the page; returns a function that stops listening. */
export function installChunkRecovery(): () => void {
  const onError = (event: Event) => {
    if (isChunkElement(event.target)) recoverFromChunkFailure();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) recoverFromChunkFailure();
  };
  // A chunk whose load failed earlier (during a prefetch, say) fails again at
  // once, without a new script element: React's error boundary is told, and the
  // error page passes it on.
  const onPageError = (event: Event) => {
    if (isChunkLoadError((event as CustomEvent<unknown>).detail)) {
      recoverFromChunkFailure({ shown: true });
    }
  };
  // Back and forward are navigations too; the address already names the target.
  const onPopState = () => notePendingNavigation(window.location.href);
  // Load errors of elements do not bubble: they are caught on the way down.
  window.addEventListener('error', onError, true);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('popstate', onPopState);
  window.addEventListener(pageErrorEvent, onPageError);
  return () => {
    window.removeEventListener(pageErrorEvent, onPageError);
    window.removeEventListener('error', onError, true);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('popstate', onPopState);
  };
}
