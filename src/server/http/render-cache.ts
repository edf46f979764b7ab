/**
 * The priced pages rendered per request in a currency other than their
 * language's (src/pages/[...path].astro), kept in memory once rendered.
 *
 * Built ahead, a page is a file; in another currency it is rendered per
 * request (10–40 ms each), so a crowd of visitors with a currency cookie would
 * be served at a few dozen pages a second by the site's process alone. Such a
 * page depends only on its address and the currency (the build is the
 * process's own, and a new build is a new process), so the rendered text is
 * kept and answered again; what is said per request (the cookie a currency
 * in the address sets, the caching headers) is still added by the middleware.
 *
 * Only the plain addresses are kept: the page's path with no query, or with
 * `currency` alone, so that what a visitor puts in the query (campaign tags,
 * a calculator's choices) never fills the memory. At most `limit` pages, the
 * least recently used leaving first: the site has a few hundred such pages.
 */

type Entry = { body: string; headers: [string, string][] };

export type RenderCache = {
  /** The kept answer for this address and currency, as a fresh Response; undefined if none. */
  get(url: URL, currency: string, method: string): Response | undefined;
  /** Keeps `response` when it can be kept, and returns one to send in its place. */
  keep(url: URL, currency: string, response: Response): Promise<Response>;
  readonly size: number;
};

/** Headers of the answer that are the page's, not the request's. */
const keptHeaders = ['content-type', 'content-language', 'cache-control', 'link'];

function keyOf(url: URL, currency: string): string | undefined {
  const names = [...url.searchParams.keys()];
  if (names.some((name) => name !== 'currency') || names.length > 1) return undefined;
  return `${url.pathname}${url.search}|${currency}`;
}

export function createRenderCache(limit = 400): RenderCache {
  const entries = new Map<string, Entry>();

  function answer(entry: Entry, method: string): Response {
    return new Response(method === 'HEAD' ? null : entry.body, {
      status: 200,
      headers: entry.headers,
    });
  }

  return {
    get(url, currency, method) {
      const key = keyOf(url, currency);
      const entry = key === undefined ? undefined : entries.get(key);
      if (!key || !entry) return undefined;
      // Most recently used last: the first entry is the one to let go.
      entries.delete(key);
      entries.set(key, entry);
      return answer(entry, method);
    },
    async keep(url, currency, response) {
      const key = keyOf(url, currency);
      const type = response.headers.get('content-type') ?? '';
      if (!key || response.status !== 200 || !type.startsWith('text/html') || !response.body)
        return response;
      const body = await response.text();
      const headers = keptHeaders.flatMap((name): [string, string][] => {
        const value = response.headers.get(name);
        return value === null ? [] : [[name, value]];
      });
      const entry = { body, headers };
      entries.set(key, entry);
      while (entries.size > limit) entries.delete(entries.keys().next().value!);
      return answer(entry, 'GET');
    },
    get size() {
      return entries.size;
    },
  };
}
