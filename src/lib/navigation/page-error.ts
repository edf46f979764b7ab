/**
 * What an error page tells the rest of the app about the error it shows. Kept
 * apart from the recovery code so that the error pages, which every page
 * loads, do not carry a second copy of it.
 */
export const pageErrorEvent = 'app:page-error';

/** Called by the error pages with the error React caught. */
export function reportPageError(error: unknown): void {
  window.dispatchEvent(new CustomEvent(pageErrorEvent, { detail: error }));
}
