import { langCodes, type LangCode } from '@/i18n/locales';
import { calculatorQueryKeys } from '@/lib/calculator/query-keys';
import { defaultCurrency, isPricedPage, requestedCurrency } from '@/lib/currency/choice';
import { cacheControl } from '@/lib/http/cache-headers';

const languages = langCodes.join('|');
const calculatorPage = new RegExp(`^/(?:${languages})/calculator$`);
const page = new RegExp(`^/(?:${languages})(?:/|$)`);
/** A page's built file asked for by its file name (`/ru.html`, `/en/blog.html`). */
const pageFile = new RegExp(`^/(?:${languages})(?:/.*)?\\.html$`);

/**
 * Whether a GET may be answered from the files built ahead. `pathname` is
 * decoded; `search` is the query with or without its `?`.
 *
 * - The API is never a file.
 * - The calculator is built with its default choices; its address with
 *   choices in the query (a shared estimate, or its form sent without
 *   JavaScript) is rendered per request.
 * - A page has one address, without `.html`: its file name is answered as an
 *   address that names nothing (the localized 404), so a page is never
 *   reachable, and indexed, twice.
 * - A page with prices is built in its language's currency: asked for in
 *   another (by `?currency=` or the visitor's currency cookie), or with a
 *   currency to remember, it is rendered per request
 *   (src/lib/currency/choice.ts).
 *
 * Anything else is looked up among the files first, and rendered (a 404,
 * say) when there is none.
 */
export function servedStatically(pathname: string, search = '', cookieHeader?: string): boolean {
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  if (pageFile.test(pathname)) return false;
  const params = new URLSearchParams(search);
  if (isPricedPage(pathname)) {
    const requested = requestedCurrency(params, cookieHeader);
    const lang = pathname.split('/')[1] as LangCode;
    if (requested && (requested.fromAddress || requested.currency !== defaultCurrency(lang)))
      return false;
  }
  if (calculatorPage.test(pathname)) return !calculatorQueryKeys.some((key) => params.has(key));
  return true;
}

/** What the answer at an address depends on besides its encoding: a priced page, the currency cookie. */
export function varyFor(pathname: string): string[] {
  return isPricedPage(pathname) ? ['Cookie'] : [];
}

/**
 * Cache-Control of a redirect from the old site (a 301). Browsers keep a 301
 * without one for as long as they like; a day lets a mistake in the list be
 * corrected in visitors' browsers and in CDNs, while search engines take the
 * move as permanent whatever the header says.
 */
export const cacheControlOfRedirect = 'public, max-age=86400';

/** Cache-Control of a file built ahead, by its address (docs/architecture.md, "The production build and server"). */
export function cacheControlFor(pathname: string): string {
  // Built files named by their content's hash: a new build gives new names.
  if (pathname.startsWith('/_astro/')) return cacheControl.immutable;
  if (pathname === '/_app/builds/latest.json') return 'no-cache, no-store, must-revalidate';
  if (pathname.startsWith('/_app/builds/meta/')) return cacheControl.immutable;
  if (page.test(pathname) && !/\.\w+$/.test(pathname)) return cacheControl.page;
  return cacheControl.publicFile;
}

const types: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml; charset=utf-8',
  ico: 'image/x-icon',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
  otf: 'font/otf',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  wasm: 'application/wasm',
  gz: 'application/gzip',
  zip: 'application/zip',
};

/**
 * Content-Type of a built file, by its name. The feeds are XML files that
 * feed readers recognise by their own type; anything unknown is sent as
 * bytes, which a browser downloads rather than guesses at (nosniff).
 */
export function contentTypeFor(file: string): string {
  if (/(?:^|\/)rss\.xml$/.test(file)) return 'application/rss+xml; charset=utf-8';
  const extension = /\.(\w+)$/.exec(file)?.[1]?.toLowerCase() ?? '';
  return types[extension] ?? 'application/octet-stream';
}

/**
 * The one address of a page asked for with a slash at the end (`/ru/blog/`
 * is `/ru/blog`; addresses end without one), or undefined when the address
 * has none to drop. Never an address a browser would read as another site's
 * (`//host`, `/\host`): those are left to answer as unknown.
 */
export function withoutTrailingSlash(pathname: string): string | undefined {
  if (pathname === '/' || !pathname.endsWith('/')) return undefined;
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  if (/^\/[/\\]/.test(trimmed)) return undefined;
  return trimmed;
}
