import { describe, expect, it } from 'vitest';
import {
  currencyCookieHeader,
  currencyOfCookieHeader,
  currencyOrder,
  defaultCurrency,
  isPricedPage,
  parseCurrency,
  requestedCurrency,
} from './choice';

describe('the currency choice', () => {
  it('reads a currency code however it is written, and nothing else', () => {
    expect(parseCurrency('KZT')).toBe('KZT');
    expect(parseCurrency(' kzt ')).toBe('KZT');
    expect(parseCurrency('XYZ')).toBeUndefined();
    expect(parseCurrency('')).toBeUndefined();
    expect(parseCurrency(null)).toBeUndefined();
    expect(parseCurrency('KZT;')).toBeUndefined();
  });

  it("gives each language its market's currency first", () => {
    expect(defaultCurrency('ru')).toBe('RUB');
    expect(defaultCurrency('en')).toBe('USD');
    expect(defaultCurrency('kz')).toBe('KZT');
    expect(defaultCurrency('ua')).toBe('UAH');
    expect(currencyOrder('kz')).toEqual(['KZT', 'USD', 'RUB', 'UAH']);
    expect(new Set(currencyOrder('ru')).size).toBe(4);
  });

  it('knows the pages that show prices', () => {
    for (const path of [
      '/ru',
      '/en/services',
      '/kz/services/seo',
      '/ua/calculator',
      '/ru/contacts',
    ])
      expect(isPricedPage(path), path).toBe(true);
    for (const path of [
      '/ru/blog',
      '/ru/services/unknown',
      '/ru/about',
      '/de',
      '/ru/services/seo/x',
      '/api/leads',
    ])
      expect(isPricedPage(path), path).toBe(false);
  });

  it('takes the address first, then the cookie, and remembers what the address names', () => {
    const cookie = 'consent=1; currency=UAH; other=x';
    expect(currencyOfCookieHeader(cookie)).toBe('UAH');
    expect(currencyOfCookieHeader('currency=nope')).toBeUndefined();
    expect(requestedCurrency(new URLSearchParams('currency=kzt'), cookie)).toEqual({
      currency: 'KZT',
      fromAddress: true,
    });
    expect(requestedCurrency(new URLSearchParams('currency=XYZ'), cookie)).toEqual({
      currency: 'UAH',
      fromAddress: false,
    });
    expect(requestedCurrency(new URLSearchParams(''), undefined)).toBeUndefined();
    expect(currencyCookieHeader('KZT')).toBe(
      'currency=KZT; Path=/; Max-Age=31536000; SameSite=Lax',
    );
  });
});
