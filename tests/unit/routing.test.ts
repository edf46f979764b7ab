import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { describe, expect, it } from 'vitest';
import { langCodes, localeFromCode } from '@/i18n/locales';
import { localizePath, splitLocale } from '@/i18n/paths';
import { notFoundDocuments } from '@/server/http/not-found-documents';
import { isSitePath } from '@/lib/site-paths';
import { config } from '@/proxy';

/**
 * One routing source: the language list (src/i18n/locales.ts). Next.js needs
 * the proxy's matcher written out as literals, so this proves that what is
 * written there, the link helpers and the page folders agree with the list.
 */
const appDir = path.join(process.cwd(), 'src/app/[lang]');

/** Every page and route under a language, as an address with sample parameters. */
function pageAddresses(dir = appDir, prefix = ''): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name.startsWith('[...')) continue; // the catch-all: every unknown address
      const segment = name.startsWith('[') ? `sample-${name.slice(1, -1)}` : name;
      found.push(...pageAddresses(full, `${prefix}/${segment}`));
    } else if (/^(?:page\.tsx|route\.ts)$/.test(name)) {
      found.push(prefix || '/');
    }
  }
  return found;
}

const runsProxy = (url: string, headers: Record<string, string> = {}) =>
  unstable_doesMiddlewareMatch({ config, url, headers });

describe('the languages in the proxy matcher', () => {
  it('are exactly the site languages, wherever the matcher names them', () => {
    const written = JSON.stringify(config.matcher);
    const lists = [...written.matchAll(/\((?:\?:)?((?:[a-z]{2}\|)+[a-z]{2})\)/g)].map((match) =>
      match[1]!.split('|'),
    );
    expect(lists.length).toBeGreaterThanOrEqual(3);
    for (const list of lists) expect([...list].sort()).toEqual([...langCodes].sort());
  });

  it.each(langCodes)('leave a page under /%s static, and check a form posted to it', (code) => {
    for (const address of pageAddresses()) {
      const url = `http://site.test${localizePath(address as '/', localeFromCode(code))}`;
      expect(runsProxy(url), url).toBe(false);
      expect(runsProxy(url, { 'content-type': 'multipart/form-data' }), url).toBe(true);
      expect(runsProxy(url, { 'next-action': 'abc123' }), url).toBe(true);
    }
  });

  it('send every address without a language to the proxy, and nothing of Next.js or the API', () => {
    for (const address of ['/', '/services/web', '/rux', '/de/services', '/blog/page/2'])
      expect(runsProxy(`http://site.test${address}`), address).toBe(true);
    for (const address of [
      '/_next/static/chunks/a.js',
      '/api/leads',
      '/_app/builds/meta/x.json',
      '/robots.txt',
      '/sitemap.xml',
      '/flags/kz.svg',
    ])
      expect(runsProxy(`http://site.test${address}`), address).toBe(false);
  });
});

describe('the pages the proxy knows', () => {
  it('are every page folder under a language: an address without a prefix is redirected, not a 404', () => {
    // The built 404 pages are no page to redirect to: /404 is unknown, like any other address.
    const notFound = Object.values(notFoundDocuments).map((segments) => `/${segments.join('/')}`);
    const addresses = pageAddresses().filter(
      (address) => address !== '/manifest.webmanifest' && !notFound.includes(address),
    );
    expect(addresses.length).toBeGreaterThan(15);
    for (const address of notFound) expect(isSitePath(address), address).toBe(false);
    for (const address of addresses) expect(isSitePath(address), address).toBe(true);
  });

  it('and the link helpers put each language where the pages are', () => {
    for (const code of langCodes) {
      const locale = localeFromCode(code);
      for (const address of pageAddresses()) {
        const localized = localizePath(address as '/', locale);
        expect(localized.startsWith(`/${code}`), localized).toBe(true);
        expect(splitLocale(localized)).toEqual({ locale, path: address });
      }
    }
  });
});
