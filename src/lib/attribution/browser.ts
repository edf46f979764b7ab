import { recordTouch, touchFromVisit, type Attribution } from './touch';

/**
 * Where this visitor came from, kept in the browser's localStorage (first
 * party; no cookie, nothing sent anywhere until the visitor sends a request).
 */
const storageKey = 'agency-site:attribution';
let recorded = false;

function read(): Attribution | null {
  try {
    const raw = window.localStorage.getItem(storageKey);
    return raw ? (JSON.parse(raw) as Attribution) : null;
  } catch {
    return null;
  }
}

/** Records the touch of this page load, once per document. Storage that is off or full is no loss. */
export function recordVisit(now = new Date()): void {
  if (recorded) return;
  recorded = true;
  try {
    const touch = touchFromVisit({
      url: new URL(window.location.href),
      referrer: document.referrer,
      now,
    });
    const next = recordTouch(read(), touch, now);
    if (next) window.localStorage.setItem(storageKey, JSON.stringify(next));
  } catch {
    // Private modes and full storage: the request goes without its source.
  }
}

/** What a request carries: the stored first and last touch, as JSON, or nothing. */
export function attributionForRequest(): string {
  recordVisit();
  const known = read();
  return known ? JSON.stringify(known) : '';
}
