/**
 * What an island's error view tells the rest of the page about the error it
 * shows. Kept apart from the recovery code (chunk-recovery.ts, in the page's
 * own script) so that an island carries no second copy of it.
 */
export const pageErrorEvent = 'app:page-error';

/** Called by an island's error boundary with the error React caught. */
export function reportPageError(error: unknown): void {
  window.dispatchEvent(new CustomEvent(pageErrorEvent, { detail: error }));
}
