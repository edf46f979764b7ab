import { currencies, type Currency } from '@/config/pricing';
import { serviceSlugs } from '@/config/services';
import { langCodes, localeInfo, localeFromCode, type LangCode } from '@/i18n/locales';
import { cookieValue } from '@/lib/http/cookies';
import { currencyParam } from './param';

/**
 * The currency a visitor reads prices in. Each language has its market's
 * currency by default (src/i18n/locales.ts); a visitor may pick another one
 * (a Russian-speaking buyer in Kazakhstan wants tenge), whatever the language.
 *
 * The choice travels in the address (`?currency=KZT`, which works without
 * JavaScript: the switch is a list of links) and is remembered in a cookie, so
 * the next priced page shows the same currency. The server reads both
 * (src/middleware.ts): the pages built ahead are in the language's currency,
 * and a priced page asked for in another one is rendered for it per request
 * (src/server/http/static-rules.ts). An address with a currency that does not
 * exist gets the page's default.
 */

export const currencyCookie = {
  name: 'currency',
  maxAge: 365 * 24 * 60 * 60,
  path: '/',
} as const;

export { currencyParam };

/** A currency code as written in an address or a cookie ("KZT", "kzt"), or undefined. */
export function parseCurrency(value: string | null | undefined): Currency | undefined {
  if (!value) return undefined;
  const upper = value.trim().toUpperCase();
  return (currencies as readonly string[]).includes(upper) ? (upper as Currency) : undefined;
}

/** The currency a language's pages show by default. */
export function defaultCurrency(lang: LangCode): Currency {
  return localeInfo[localeFromCode(lang)].market.currency;
}

/** The order of the switch: the language's own currency first, then the rest as configured. */
export function currencyOrder(lang: LangCode): Currency[] {
  const own = defaultCurrency(lang);
  return [own, ...currencies.filter((currency) => currency !== own)];
}

/** `Set-Cookie` value that remembers a choice. */
export function currencyCookieHeader(currency: Currency): string {
  return `${currencyCookie.name}=${currency}; Path=${currencyCookie.path}; Max-Age=${currencyCookie.maxAge}; SameSite=Lax`;
}

/** The currency cookie in a `Cookie` header, if it names a currency. */
export function currencyOfCookieHeader(header: string | null | undefined): Currency | undefined {
  return parseCurrency(cookieValue(header, currencyCookie.name));
}

const languages = langCodes.join('|');
const slugs = serviceSlugs.join('|');
/**
 * The pages that show prices, by address: the home page (service prices,
 * packages, the compact calculator, the form's budgets), the services and
 * each service, the calculator and the contact page (the form's budgets).
 */
const pricedPage = new RegExp(
  `^/(?:${languages})(?:/(?:services(?:/(?:${slugs}))?|calculator|contacts))?$`,
);

export function isPricedPage(pathname: string): boolean {
  return pricedPage.test(pathname);
}

/**
 * What a request asks for: the currency its address names (to be remembered),
 * else the one its cookie remembers, else none (the page's default).
 */
export function requestedCurrency(
  search: URLSearchParams,
  cookieHeader: string | null | undefined,
): { currency: Currency; fromAddress: boolean } | undefined {
  const inAddress = parseCurrency(search.get(currencyParam));
  if (inAddress) return { currency: inAddress, fromAddress: true };
  const remembered = currencyOfCookieHeader(cookieHeader);
  return remembered ? { currency: remembered, fromAddress: false } : undefined;
}
