import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { langCodes, localeFromCode } from '@/i18n/locales';
import { localizePath, splitLocale } from '@/i18n/paths';
import { isSitePath } from '@/lib/site-paths';

/**
 * One routing source: the language list (src/i18n/locales.ts) and the page
 * files under src/pages/[lang]. This proves that the list of page addresses
 * the per-request code knows (an address without a prefix is redirected only
 * when it names a page: src/lib/site-paths.ts), the link helpers and the page
 * files agree.
 */
const pagesDir = path.join(process.cwd(), 'src/pages/[lang]');

/** Every page under a language, as an address with sample parameters (endpoints left out). */
function pageAddresses(dir = pagesDir, prefix = ''): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    // A rest parameter here is the Open Graph images' endpoint, beside every page.
    if (name.startsWith('[...')) continue;
    const segment = (base: string) => (base.startsWith('[') ? `sample-${base.slice(1, -1)}` : base);
    if (statSync(full).isDirectory()) {
      found.push(...pageAddresses(full, `${prefix}/${segment(name)}`));
    } else if (name.endsWith('.astro')) {
      const base = name.replace(/\.astro$/, '');
      found.push(base === 'index' ? prefix || '/' : `${prefix}/${segment(base)}`);
    }
  }
  return found;
}

describe('the pages the per-request code knows', () => {
  it('are every page under a language: an address without a prefix is redirected, not a 404', () => {
    const addresses = pageAddresses();
    expect(addresses.length).toBeGreaterThan(15);
    for (const address of addresses) expect(isSitePath(address), address).toBe(true);
  });

  it('do not include addresses that name no page', () => {
    for (const address of ['/404', '/rux', '/services/web/more', '/blog/a/b', '/wp-admin'])
      expect(isSitePath(address), address).toBe(false);
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
