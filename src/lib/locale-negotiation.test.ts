import { describe, expect, it } from 'vitest';
import { negotiateLangCode, parseAcceptLanguage } from './locale-negotiation';

describe('negotiateLangCode', () => {
  // The site's rule, row for row: the cookie, then the browser's languages in order, then Russian.
  it.each([
    ['kk-KZ', 'kz'],
    ['kk', 'kz'],
    ['uk', 'ua'],
    ['uk-UA,uk;q=0.9', 'ua'],
    ['en-GB, ru-RU', 'en'],
    ['be-BY', 'ru'],
    [null, 'ru'],
    ['', 'ru'],
  ] as const)('Accept-Language %j lands on %s', (acceptLanguage, expected) => {
    expect(negotiateLangCode({ acceptLanguage })).toBe(expected);
  });

  it('takes entries in order and ignores q-values for ranking', () => {
    expect(negotiateLangCode({ acceptLanguage: 'en;q=0.1, ru;q=1.0' })).toBe('en');
    expect(negotiateLangCode({ acceptLanguage: 'de-DE, fr;q=0.9, uk;q=0.2, en;q=0.8' })).toBe('ua');
  });

  it('matches tags case-insensitively and by primary subtag', () => {
    expect(negotiateLangCode({ acceptLanguage: 'KK-kz' })).toBe('kz');
    expect(negotiateLangCode({ acceptLanguage: 'ru-KZ' })).toBe('ru');
    expect(negotiateLangCode({ acceptLanguage: 'en-AU' })).toBe('en');
  });

  it('never treats URL codes that are not language tags as languages', () => {
    // "ua" and "kz" are country codes; a browser never sends them as languages.
    expect(negotiateLangCode({ acceptLanguage: 'ua, kz' })).toBe('ru');
  });

  it('skips entries marked not acceptable with q=0 and the wildcard', () => {
    expect(negotiateLangCode({ acceptLanguage: 'en;q=0, *, kk' })).toBe('kz');
  });

  it('prefers a valid cookie over the browser languages', () => {
    expect(negotiateLangCode({ cookie: 'ua', acceptLanguage: 'en-US' })).toBe('ua');
    expect(negotiateLangCode({ cookie: 'kz', acceptLanguage: null })).toBe('kz');
  });

  it('ignores an unknown cookie value', () => {
    expect(negotiateLangCode({ cookie: 'de', acceptLanguage: 'kk' })).toBe('kz');
    expect(negotiateLangCode({ cookie: 'RU', acceptLanguage: 'en' })).toBe('en');
    expect(negotiateLangCode({ cookie: '', acceptLanguage: null })).toBe('ru');
  });
});

describe('parseAcceptLanguage', () => {
  it('keeps the order the browser sent', () => {
    expect(parseAcceptLanguage('uk-UA,uk;q=0.9,en-US;q=0.8,en;q=0.7')).toEqual([
      'uk-UA',
      'uk',
      'en-US',
      'en',
    ]);
  });

  it('tolerates spaces and empty entries', () => {
    expect(parseAcceptLanguage(' en-GB ,, ru-RU ')).toEqual(['en-GB', 'ru-RU']);
  });
});
