import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isLangCode } from '@/i18n/locales';
import { isSitePath } from '@/lib/site-paths';
import { fromKey, redirectTable, trimSlashes, type Redirect } from './redirects';
import { servedStatically } from './static-rules';

/**
 * What is wrong with a list of redirects, beyond the form of each entry:
 * the check `npm run redirects -- check` prints, that the build runs, and that
 * the server runs at start. Each problem is one sentence naming the entry
 * (`redirects.2`, its place in the list from 0, as the content checks name
 * fields) and what to do about it.
 */

/**
 * Addresses the site answers itself (rendered per request, or files made by
 * the build that are not in the list it is checked against): a redirect from
 * one of them, or from above one, would hide it.
 */
const reservedPrefixes = ['/api', '/_astro', '/_app', '/keystatic', '/icons'];
const reservedFiles = ['/favicon.ico', '/robots.txt', '/sitemap.xml'];

export type SiteAddresses = {
  /** Whether a redirect may send a visitor here: a page or a file, in one hop. */
  target(pathname: string): boolean;
  /** A target at or under `base` (`/ru/blog` for `/ru/blog/*`), if any. */
  targetUnder(base: string): string | undefined;
  /** Whether this is a page's address without its language, which sends the visitor on to theirs. */
  withoutLanguage(pathname: string): boolean;
  /** Whether the site answers this address itself (a page, a file, a language redirect, the API). */
  live(pathname: string): boolean;
  /** An address at or under `base` that the site answers itself, if any. */
  liveUnder(base: string): string | undefined;
};

/**
 * The site's addresses from its pages and files (decoded, pages with their
 * language: `/ru/services/seo`, `/images/x.svg`). Besides them the site
 * answers `/`, each page without its language (`/services/seo`, sent on to
 * the visitor's language) and the addresses it renders per request.
 */
export function siteAddresses(targets: Iterable<string>): SiteAddresses {
  const pages = new Set(targets);
  const bare = new Set(['/']);
  for (const address of pages) {
    const [, first, ...rest] = address.split('/');
    const path = `/${rest.join('/')}`;
    if (isLangCode(first) && rest.length > 0 && isSitePath(path)) bare.add(path);
  }
  const live = new Set([...pages, ...bare, ...reservedFiles]);
  const under = (set: Set<string>, base: string, withReserved: boolean) => {
    if (set.has(base)) return base;
    for (const address of set) if (base === '' || address.startsWith(`${base}/`)) return address;
    if (withReserved)
      for (const prefix of reservedPrefixes)
        if (
          base === '' ||
          prefix === base ||
          prefix.startsWith(`${base}/`) ||
          base.startsWith(`${prefix}/`)
        )
          return prefix;
    return undefined;
  };
  return {
    target: (pathname) => pages.has(pathname),
    targetUnder: (base) => under(pages, base, false),
    withoutLanguage: (pathname) => bare.has(pathname),
    live: (pathname) =>
      live.has(pathname) ||
      reservedPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)),
    liveUnder: (base) => under(live, base, true),
  };
}

/**
 * The addresses of the files a build made (`dist/client`), as the server
 * answers them: `ru/blog.html` at `/ru/blog`, `x/index.html` at `/x`; a page's
 * `.html` name and compressed copies are not addresses of their own.
 */
export function builtAddresses(dir: string): string[] {
  const names = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .filter((name) => !name.split('/').some((part) => part.startsWith('.')));
  const present = new Set(names);
  const addresses = new Set<string>();
  for (const name of names) {
    if (/\.(?:br|gz)$/.test(name) && present.has(name.replace(/\.(?:br|gz)$/, ''))) continue;
    const address = `/${name}`;
    if (servedStatically(address)) addresses.add(address);
    if (name.endsWith('.html')) {
      const bare = address.slice(0, -'.html'.length);
      addresses.add(bare === '/index' ? '/' : bare.replace(/\/index$/, ''));
    }
  }
  return [...addresses];
}

const label = ({ index, entry }: Redirect) => `redirects.${index} (${entry.from} → ${entry.to})`;

/** The path of this site an internal target names, decoded, or undefined when it does not decode. */
function targetPath(redirect: Redirect): string | undefined {
  try {
    return trimSlashes(decodeURIComponent(redirect.to.path) || '/');
  } catch {
    return undefined;
  }
}

function duplicates(redirects: readonly Redirect[]): string[] {
  const first = new Map<string, Redirect>();
  const problems: string[] = [];
  for (const redirect of redirects) {
    const key = fromKey(redirect.from);
    const earlier = first.get(key);
    if (earlier)
      problems.push(
        `${label(redirect)}: a duplicate: redirects.${earlier.index} already redirects ${earlier.entry.from}; keep one of them`,
      );
    else first.set(key, redirect);
  }
  return problems;
}

function hidden(redirects: readonly Redirect[], site: SiteAddresses): string[] {
  return redirects.flatMap((redirect) => {
    const { from } = redirect;
    if (from.kind === 'prefix') {
      const covered = site.liveUnder(from.base);
      return covered
        ? [
            `${label(redirect)}: would hide ${covered}, an address of this site; redirect the old addresses one by one, or under a narrower prefix`,
          ]
        : [];
    }
    // The home page with a query of the old site's (WordPress's /?p=123) hides nothing.
    if (from.path === '/' && from.query.length > 0) return [];
    return site.live(from.path)
      ? [
          `${label(redirect)}: ${from.path} is an address of this site, which the redirect would hide; remove the entry`,
        ]
      : [];
  });
}

function missingTargets(redirects: readonly Redirect[], site: SiteAddresses): string[] {
  return redirects.flatMap((redirect) => {
    if (redirect.to.kind !== 'internal') return [];
    const target = targetPath(redirect);
    if (target === undefined)
      return [`${label(redirect)}: the target does not decode as an address`];
    if (redirect.to.carry) {
      const base = target === '/' ? '' : target;
      return site.targetUnder(base)
        ? []
        : [`${label(redirect)}: this site has no page at or under ${base || '/'}`];
    }
    if (site.target(target)) return [];
    if (site.withoutLanguage(target))
      return [
        `${label(redirect)}: ${target} has no language, so the visitor would be sent on again (a second hop); write it with one, as /ru${target === '/' ? '' : target}`,
      ];
    return [`${label(redirect)}: this site has no page at ${target}`];
  });
}

/** Each redirect's next hop when its target is itself redirected. */
function nextHops(redirects: readonly Redirect[]): Map<Redirect, Redirect> {
  const table = redirectTable(redirects);
  const next = new Map<Redirect, Redirect>();
  for (const redirect of redirects) {
    if (redirect.to.kind !== 'internal') continue;
    const target = targetPath(redirect);
    if (target === undefined) continue;
    // A target that carries the rest leads on for an address a prefix covers,
    // or for the prefix itself (the rest empty).
    const probes = redirect.to.carry
      ? [target, `${target === '/' ? '' : target}/redirect-check-probe`]
      : [target];
    const hit = probes
      .map((probe) => table.match(probe, redirect.to.search)?.redirect)
      .find(Boolean);
    if (hit) next.set(redirect, hit);
  }
  return next;
}

function loopsAndChains(redirects: readonly Redirect[]): string[] {
  const next = nextHops(redirects);
  const problems: string[] = [];
  const loops = new Set<string>();
  for (const start of redirects) {
    if (!next.has(start)) continue;
    const walk = [start];
    let hop = next.get(start);
    while (hop && !walk.includes(hop)) {
      walk.push(hop);
      hop = next.get(hop);
    }
    if (hop) {
      // Back at an entry already walked: the part from it on is a loop.
      const cycle = walk.slice(walk.indexOf(hop));
      const key = cycle
        .map((item) => item.index)
        .sort((a, b) => a - b)
        .join(',');
      const route = [...cycle, hop].map((item) => item.entry.from).join(' → ');
      if (cycle.includes(start) && !loops.has(key)) {
        loops.add(key);
        problems.push(
          cycle.length === 1
            ? `${label(start)}: a loop: it sends the address to itself`
            : `${cycle.map((item) => `redirects.${item.index}`).join(', ')}: a loop, ${route}, which never arrives; point one of them at a page`,
        );
      } else if (!cycle.includes(start))
        problems.push(`${label(start)}: leads into a loop (${route}); point it at a page`);
      continue;
    }
    const last = walk.at(-1)!;
    const route = [...walk.map((item) => item.entry.from), last.entry.to].join(' → ');
    problems.push(
      `${label(start)}: a chain, ${route}: each hop costs search engines one; point ${start.entry.from} at ${last.entry.to} directly`,
    );
  }
  return problems;
}

/**
 * Every problem of a list of well-formed redirects against the site's
 * addresses: duplicates, an old address that is one of the site's own, a
 * target that is not a page, loops and chains. Empty when the list is clean.
 */
export function redirectProblems(redirects: readonly Redirect[], site: SiteAddresses): string[] {
  return [
    ...duplicates(redirects),
    ...hidden(redirects, site),
    ...missingTargets(redirects, site),
    ...loopsAndChains(redirects),
  ];
}
