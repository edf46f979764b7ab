import { ofetch } from 'ofetch';

/** Statuses worth another try: timeouts, conflicts, rate limits and passing server trouble. */
export const retryStatusCodes = [408, 409, 425, 429, 500, 502, 503, 504];

/**
 * The one HTTP client of the browser: every request a page makes goes through
 * it. GET and HEAD are retried once after a retryable status or a network
 * error; requests that carry a body (POST, PUT, PATCH, DELETE) never are — a
 * form submission is made safe to repeat by its idempotency key instead.
 * ofetch's own default is exactly that rule, so no method overrides `retry`.
 */
export const http = ofetch.create({
  retryStatusCodes,
  retryDelay: 300,
  timeout: 15_000,
});
