/**
 * Cache-Control of each kind of response (docs/deploy.md), which the
 * site's server sets (src/server/http/static-rules.ts). Kept free of imports.
 *
 * - Files under /_astro carry a content hash in their name: kept for a year,
 *   never revalidated.
 * - Pages built ahead: a CDN keeps them 10 minutes and may serve a stale copy
 *   for a day while it fetches the new one; browsers revalidate each time (a
 *   cheap 304). Within 10 minutes of a deploy the CDN has the new pages, and
 *   open tabs learn of the build by themselves (the hourly build check); a page
 *   served stale meanwhile still needs the previous build's files (docs/deploy.md).
 * - Public files without a hash (images, icons): an hour, then revalidated.
 * - The privacy policy and the consent, rendered per request from the
 *   server's settings (src/server/http/legal-route.ts): a CDN keeps them a
 *   minute, so a restart with other channels shows within a minute or two.
 * - API answers and anything per visitor: never stored.
 */
export const cacheControl = {
  page: 'public, max-age=0, s-maxage=600, stale-while-revalidate=86400',
  publicFile: 'public, max-age=3600, stale-while-revalidate=86400',
  legalPage: 'public, max-age=0, s-maxage=60, stale-while-revalidate=60',
  immutable: 'public, max-age=31536000, immutable',
  /** A page made for one visitor (one that sets their currency cookie): never in a shared cache. */
  privatePage: 'private, max-age=0',
  noStore: 'no-store',
} as const;
