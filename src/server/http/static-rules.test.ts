import { describe, expect, it } from 'vitest';
import { cacheControl } from '@/lib/http/cache-headers';
import {
  cacheControlFor,
  contentTypeFor,
  servedStatically,
  varyFor,
  withoutTrailingSlash,
} from './static-rules';

describe('what is answered from the files built ahead', () => {
  it('is never the API', () => {
    expect(servedStatically('/api/health')).toBe(false);
    expect(servedStatically('/api/leads/token')).toBe(false);
    expect(servedStatically('/api')).toBe(false);
    expect(servedStatically('/apiary.svg')).toBe(true);
  });

  it('is the calculator with its default choices, not with choices in the query', () => {
    expect(servedStatically('/ru/calculator')).toBe(true);
    expect(servedStatically('/ru/calculator', '?utm_source=x')).toBe(true);
    expect(servedStatically('/en/calculator', '?type=shop&size=40')).toBe(false);
    expect(servedStatically('/kz/calculator', 'features=seo')).toBe(false);
    expect(servedStatically('/ua/calculator', '?x=1&urgency=fast')).toBe(false);
  });

  it('is a page by its address only, never by its file name', () => {
    expect(servedStatically('/ru')).toBe(true);
    expect(servedStatically('/en/blog')).toBe(true);
    expect(servedStatically('/ru.html')).toBe(false);
    expect(servedStatically('/en/blog.html')).toBe(false);
    // A file of the site's own, such as a search engine's verification page.
    expect(servedStatically('/google0123456789.html')).toBe(true);
  });

  it('is everything else, looked up first', () => {
    expect(servedStatically('/_astro/page.Ab12Cd.js')).toBe(true);
    expect(servedStatically('/flags/kz.svg')).toBe(true);
    expect(servedStatically('/.env')).toBe(true);
  });
});

describe('Cache-Control of a file built ahead', () => {
  it('keeps hashed build files for a year, unchanged', () => {
    expect(cacheControlFor('/_astro/client.FVv06Hs5.js')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(cacheControlFor('/_app/builds/meta/a1b2.json')).toBe(cacheControl.immutable);
  });

  it('never keeps the pointer to the latest build', () => {
    expect(cacheControlFor('/_app/builds/latest.json')).toBe('no-cache, no-store, must-revalidate');
  });

  it('lets a shared cache keep a page for a while and a browser revalidate it', () => {
    for (const page of ['/ru', '/en/blog', '/kz/services/web', '/ua/blog/some-article'])
      expect(cacheControlFor(page), page).toBe(cacheControl.page);
  });

  it('keeps other public files an hour', () => {
    for (const file of ['/flags/kz.svg', '/icon.svg', '/ru/blog/rss.xml', '/sitemap.xml'])
      expect(cacheControlFor(file), file).toBe(cacheControl.publicFile);
  });
});

describe('Content-Type of a file built ahead', () => {
  it('names text types with their character set', () => {
    expect(contentTypeFor('ru/blog.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('_astro/a.B1.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('_astro/a.B1.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('sitemap.xml')).toBe('application/xml; charset=utf-8');
  });

  it('names feeds as feeds, fonts and images by their format', () => {
    expect(contentTypeFor('ru/blog/rss.xml')).toBe('application/rss+xml; charset=utf-8');
    expect(contentTypeFor('_astro/onest.D4I56YI7.woff2')).toBe('font/woff2');
    expect(contentTypeFor('images/team/a.WEBP')).toBe('image/webp');
    expect(contentTypeFor('ru/opengraph-image.png')).toBe('image/png');
  });

  it('sends what it does not know as bytes', () => {
    expect(contentTypeFor('secret')).toBe('application/octet-stream');
    expect(contentTypeFor('archive.7z')).toBe('application/octet-stream');
  });
});

describe('an address with a slash at the end', () => {
  it('has one without it', () => {
    expect(withoutTrailingSlash('/ru/')).toBe('/ru');
    expect(withoutTrailingSlash('/en/blog///')).toBe('/en/blog');
    expect(withoutTrailingSlash('//')).toBe('/');
  });

  it('is left alone when there is no slash to drop', () => {
    expect(withoutTrailingSlash('/')).toBeUndefined();
    expect(withoutTrailingSlash('/ru')).toBeUndefined();
  });

  it('never becomes an address of another site', () => {
    expect(withoutTrailingSlash('//evil.example/')).toBeUndefined();
    expect(withoutTrailingSlash('/\\evil.example/')).toBeUndefined();
    expect(withoutTrailingSlash('/%2F%2Fevil.example/')).toBe('/%2F%2Fevil.example');
  });

  it("answers a priced page from its file only in its language's currency", () => {
    expect(servedStatically('/ru/services/web')).toBe(true);
    expect(servedStatically('/ru/services/web', '', 'currency=RUB')).toBe(true);
    expect(servedStatically('/ru/services/web', '', 'currency=KZT')).toBe(false);
    expect(servedStatically('/kz/services/web', '', 'currency=KZT')).toBe(true);
    // A currency in the address is remembered: rendered to set the cookie.
    expect(servedStatically('/ru/services/web', '?currency=RUB')).toBe(false);
    expect(servedStatically('/ru', '?currency=kzt')).toBe(false);
    // One that does not exist: the page's default, from its file.
    expect(servedStatically('/ru/services/web', '?currency=XYZ')).toBe(true);
    // Pages without prices never depend on it.
    expect(servedStatically('/ru/blog', '?currency=KZT', 'currency=KZT')).toBe(true);
    expect(varyFor('/ru/calculator')).toEqual(['Cookie']);
    expect(varyFor('/ru/blog')).toEqual([]);
  });
});
