import { describe, expect, it } from 'vitest';
import { localizePath, splitLocale } from './paths';

describe('localizePath', () => {
  it('prefixes with the URL code of the language', () => {
    expect(localizePath('/blog', 'kk')).toBe('/kz/blog');
    expect(localizePath('/services/web', 'uk')).toBe('/ua/services/web');
    expect(localizePath('/', 'ru')).toBe('/ru');
  });

  it('keeps a query and a hash written into a string href', () => {
    expect(localizePath('/#pricing', 'ru')).toBe('/ru#pricing');
    expect(localizePath('/?a=1#x', 'en')).toBe('/en?a=1#x');
    expect(localizePath('/privacy#cookies', 'uk')).toBe('/ua/privacy#cookies');
  });

  it('keeps a section of a page without a trailing slash', () => {
    expect(localizePath({ pathname: '/', hash: 'pricing' }, 'en')).toBe('/en#pricing');
    expect(localizePath({ pathname: '/contacts', hash: 'request' }, 'kk')).toBe(
      '/kz/contacts#request',
    );
  });
});

describe('splitLocale', () => {
  it('finds the language and the path under it', () => {
    expect(splitLocale('/kz/blog/x')).toEqual({ locale: 'kk', path: '/blog/x' });
    expect(splitLocale('/ua')).toEqual({ locale: 'uk', path: '/' });
    expect(splitLocale('/en/')).toEqual({ locale: 'en', path: '/' });
  });

  it('leaves an address without a language as it is', () => {
    expect(splitLocale('/old-page')).toEqual({ path: '/old-page' });
    expect(splitLocale('/')).toEqual({ path: '/' });
  });
});
