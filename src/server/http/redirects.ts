/**
 * Redirects from the agency's old site (content/redirects/index.yaml,
 * docs/redirects.md): the forms an entry may take, and the answer to a
 * request that one of them names. Pure: the list is read and checked in
 * src/server/content/redirects.ts and ./redirects-check.ts, and served by
 * ./site-server.ts before the site's own routing.
 *
 * An entry's `from` is a path of the old site, matched as the old site wrote
 * it (case counts; percent escapes are compared decoded, so `/услуги` and
 * `/%D1%83%D1%81…` are the same address; a slash at the end is tolerated):
 *
 * - `/uslugi/seo`, `/page12345.html`: that address, with any query, which
 *   is carried over to the new one (utm tags keep working);
 * - `/?p=123`: that address when its query holds those parameters (others
 *   may be there too); the query is not carried over;
 * - `/blog/*`: `/blog` and every address under it, the longest such prefix
 *   winning; with a `to` that ends in `/*`, what follows the prefix is
 *   carried over (`/blog/a/b` → `/ru/blog/a/b`).
 *
 * `to` is a path of this site (`/ru/services/seo`, with a query or a
 * `#section` if need be) or an absolute http(s) address elsewhere.
 */

export type RedirectEntry = { from: string; to: string; note?: string | undefined };

export type RedirectFrom =
  /** `path` decoded, without a slash at the end; `query` sorted, empty when it names none. */
  | { kind: 'exact'; path: string; query: [string, string][] }
  /** `base` decoded, without a slash at the end: '' for `/*`. */
  | { kind: 'prefix'; base: string };

export type RedirectTo = {
  kind: 'internal' | 'external';
  /** `https://host` for an external address, '' for a path of this site. */
  origin: string;
  /** Percent-encoded, as sent in Location; without the `/*` of a carrying target. */
  path: string;
  /** With its `?`, or ''. */
  search: string;
  /** With its `#`, or ''. */
  hash: string;
  /** Whether what follows `from`'s prefix is carried over (`to` ends in `/*`). */
  carry: boolean;
};

export type Redirect = {
  /** Its place in the list, from 0: `redirects.2` in a message. */
  index: number;
  entry: RedirectEntry;
  from: RedirectFrom;
  to: RedirectTo;
};

type Parsed<T> = { value: T } | { problem: string };

const spaceOrControl = /[\s\p{Cc}]/u;
const scheme = /^[a-z][a-z0-9+.-]*:/i;

/** A path without the slashes at its end; `/` stays itself. */
export function trimSlashes(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

/** What an old site's address, as an entry's `from` writes it, names. */
export function parseFrom(text: string): Parsed<RedirectFrom> {
  if (spaceOrControl.test(text))
    return { problem: 'has a space in it: write it as the browser shows it (a space is %20)' };
  if (scheme.test(text) || text.startsWith('//'))
    return { problem: 'write the path on the old site without its domain, as /uslugi/seo' };
  if (!text.startsWith('/'))
    return { problem: 'is a path of the old site, starting with /, as /uslugi/seo' };
  if (text.includes('#')) return { problem: 'a #fragment never reaches the server: leave it out' };
  const mark = text.indexOf('?');
  const rawPath = mark < 0 ? text : text.slice(0, mark);
  const rawQuery = mark < 0 ? undefined : text.slice(mark + 1);
  const prefix = rawPath.endsWith('/*');
  const stem = prefix ? rawPath.slice(0, -2) : rawPath;
  if (stem.includes('*'))
    return { problem: 'a * may only end the path, as /blog/* (the address and all under it)' };
  if (prefix && rawQuery !== undefined)
    return { problem: 'a prefix (/*) takes any query: leave the query out' };
  let path: string;
  try {
    path = decodeURIComponent(stem);
  } catch {
    return { problem: 'has a % that is not a percent escape (write a % itself as %25)' };
  }
  if (prefix) return { value: { kind: 'prefix', base: path.replace(/\/+$/, '') } };
  if (rawQuery === '') return { problem: 'ends in a ? without a query: leave the ? out' };
  const query = [...new URLSearchParams(rawQuery ?? '')].sort(([a, x], [b, y]) =>
    a === b ? x.localeCompare(y) : a.localeCompare(b),
  );
  return { value: { kind: 'exact', path: trimSlashes(path), query } };
}

const site = 'http://site.invalid';

/** Where an entry's `to` sends a visitor; `from` decides whether it may carry the rest. */
export function parseTo(text: string, from: RedirectFrom): Parsed<RedirectTo> {
  if (spaceOrControl.test(text))
    return { problem: 'has a space in it: write it as the browser shows it (a space is %20)' };
  const external = /^https?:\/\//i.test(text);
  if (!external && (scheme.test(text) || text.startsWith('//') || !text.startsWith('/')))
    return {
      problem:
        'is a path of this site, starting with / (/ru/services/seo), or an address elsewhere starting with https://',
    };
  const carry = text.endsWith('/*');
  const stem = carry ? text.slice(0, -2) : text;
  if (stem.includes('*'))
    return { problem: 'a * may only end it, as /ru/blog/* (the rest of the old address)' };
  if (carry && from.kind !== 'prefix')
    return { problem: 'ends in /* (the rest of the old address) while from does not' };
  if (carry && /[?#]/.test(stem))
    return {
      problem: 'ends in /* (the rest of the old address): a query or # cannot come before it',
    };
  if (!URL.canParse(stem, site)) return { problem: 'is not an address that can be read' };
  const url = new URL(stem, site);
  return {
    value: {
      kind: external ? 'external' : 'internal',
      origin: external ? url.origin : '',
      // `https://x.example` has the path `/`; carrying onto it adds the rest.
      path: carry ? url.pathname.replace(/\/+$/, '') : url.pathname,
      search: url.search,
      hash: url.hash,
      carry,
    },
  };
}

/** The entry's `from` in one form, whatever way it is written: two equal ones are duplicates. */
export function fromKey(from: RedirectFrom): string {
  return from.kind === 'prefix'
    ? `${from.base}/*`
    : `${from.path}${from.query.length ? `?${new URLSearchParams(from.query)}` : ''}`;
}

export type RedirectTable = {
  readonly size: number;
  /** The redirect an address names: `pathname` decoded, `search` with or without its `?`. */
  match(pathname: string, search: string): { redirect: Redirect; location: string } | undefined;
};

/** Encodes what follows a prefix for Location, each segment as a path segment. */
function encodeRest(rest: string): string {
  // Never `//host` at the front of Location, whatever the request held.
  return rest
    .replace(/\/{2,}/g, '/')
    .split('/')
    .map(encodeURIComponent)
    .join('/');
}

/**
 * A query as it came, with anything that is not printable ASCII
 * percent-encoded: Node hands a request's bytes over one character each, and
 * Location must stay a valid header.
 */
function printable(query: string): string {
  return query.replace(/[^\x21-\x7e]/gu, (char) => {
    const code = char.codePointAt(0)!;
    return code <= 0xff
      ? `%${code.toString(16).toUpperCase().padStart(2, '0')}`
      : encodeURIComponent(char);
  });
}

/** Location for a request: the target, the rest after the prefix, the query carried over. */
export function locationOf(redirect: Redirect, rest: string, search: string): string {
  const { to, from } = redirect;
  const path = to.carry ? to.path + encodeRest(rest) : to.path;
  const carried =
    from.kind === 'exact' && from.query.length > 0 ? '' : printable(search.replace(/^\?/, ''));
  const query = [to.search.replace(/^\?/, ''), carried].filter(Boolean).join('&');
  return `${to.origin}${path || '/'}${query ? `?${query}` : ''}${to.hash}`;
}

/** The redirects in the order a request is matched: exact addresses, then the longest prefix. */
export function redirectTable(redirects: readonly Redirect[]): RedirectTable {
  const exact = new Map<string, { redirect: Redirect; query: [string, string][] }[]>();
  const prefixes = new Map<string, Redirect>();
  for (const redirect of redirects) {
    const { from } = redirect;
    if (from.kind === 'prefix') {
      if (!prefixes.has(from.base)) prefixes.set(from.base, redirect);
    } else exact.set(from.path, [...(exact.get(from.path) ?? []), { redirect, query: from.query }]);
  }
  return {
    size: redirects.length,
    match(pathname, search) {
      if (redirects.length === 0) return undefined;
      const path = trimSlashes(pathname);
      const params = new URLSearchParams(search);
      // Of the entries for this path, the one with the most parameters that the request holds.
      let best: { redirect: Redirect; query: [string, string][] } | undefined;
      for (const candidate of exact.get(path) ?? []) {
        const held = candidate.query.every(([key, value]) => params.getAll(key).includes(value));
        if (held && (!best || candidate.query.length > best.query.length)) best = candidate;
      }
      if (best) return { redirect: best.redirect, location: locationOf(best.redirect, '', search) };
      for (let base = path === '/' ? '' : path; ; base = base.slice(0, base.lastIndexOf('/'))) {
        const redirect = prefixes.get(base);
        if (redirect)
          return {
            redirect,
            location: locationOf(redirect, path === '/' ? '' : path.slice(base.length), search),
          };
        if (base === '') return undefined;
      }
    },
  };
}

/** A well-formed entry as a redirect, or undefined when its form is wrong (src/server/content/redirects.ts says how). */
export function compileRedirect(entry: RedirectEntry, index: number): Redirect | undefined {
  const from = parseFrom(entry.from);
  if (!('value' in from)) return undefined;
  const to = parseTo(entry.to, from.value);
  if (!('value' in to)) return undefined;
  return { index, entry, from: from.value, to: to.value };
}

/** The entries of a list as redirects, each at its place in the list. */
export function compileRedirects(entries: readonly RedirectEntry[]): Redirect[] {
  return entries.flatMap((entry, index) => compileRedirect(entry, index) ?? []);
}
