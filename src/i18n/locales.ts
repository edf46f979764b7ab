/**
 * The four languages of the site.
 *
 * A language has two names: its *code*, which the visitor sees in the URL, the
 * cookie and the file names (ru, en, kz, ua), and its *locale*, the BCP 47
 * language tag that use-intl, `Intl` and `<html lang>` need (ru, en, kk, uk).
 * "kz" and "ua" are country codes: given to `Intl`, they would silently format
 * Ukrainian plurals and Kazakh dates as English. Keep this file free of imports
 * so the proxy, the browser and the tests can all read it.
 */
export const locales = ['ru', 'en', 'kk', 'uk'] as const;
export type Locale = (typeof locales)[number];

export const langCodes = ['ru', 'en', 'kz', 'ua'] as const;
export type LangCode = (typeof langCodes)[number];

export const defaultLocale: Locale = 'ru';

/**
 * The market a language's pages are written for: whom its prices, phone
 * numbers, dates and examples address. One language, one market; the copy of
 * each language is written for it (docs/glossary.md repeats this for editors).
 */
type Market = {
  /**
   * The countries the pages are written for, ISO 3166-1 codes, the main one
   * first; none for English, which is written for everyone else.
   */
  countries: readonly string[];
  /** The currency prices are shown in by default. */
  currency: 'RUB' | 'USD' | 'KZT' | 'UAH';
  /**
   * Where a phone number written without a country code is taken to be, or
   * `null` where the market spans many countries and the code is asked for.
   * Kazakhstan and Russia share +7, so reading a Russian-language number as
   * Kazakh also reads Russian numbers right.
   */
  phoneRegion: 'KZ' | 'UA' | null;
  /**
   * The tag `Intl` and the message format write numbers, dates and plurals
   * with: British English writes "1 November 2026" where plain `en` would
   * write "November 1, 2026".
   */
  format: string;
};

type LocaleInfo = {
  /** URL prefix, cookie value and file name. */
  code: LangCode;
  /**
   * The hreflang of the language's pages and the `inLanguage` of their
   * structured data: a region only where the market is one country.
   */
  hreflang: string;
  /** Open Graph locale, underscore form (Open Graph knows Russian only as ru_RU). */
  ogLocale: string;
  /**
   * The short name on the header bar's language button, written in the
   * language itself and the start of `nativeName`, so that the button's
   * accessible name (the full name) begins with what it shows.
   */
  label: string;
  /**
   * The language's own name for itself, the way its speakers write it: the
   * language menu's entries and the drawer's button. A language is named, never
   * shown by a flag: a flag stands for a country, and the languages of the
   * site are spoken across borders.
   */
  nativeName: string;
  market: Market;
};

export const localeInfo = {
  ru: {
    code: 'ru',
    hreflang: 'ru',
    ogLocale: 'ru_RU',
    label: 'Рус',
    nativeName: 'Русский',
    market: { countries: ['KZ', 'RU'], currency: 'RUB', phoneRegion: 'KZ', format: 'ru' },
  },
  en: {
    code: 'en',
    hreflang: 'en',
    ogLocale: 'en_GB',
    label: 'Eng',
    nativeName: 'English',
    market: { countries: [], currency: 'USD', phoneRegion: null, format: 'en-GB' },
  },
  kk: {
    code: 'kz',
    hreflang: 'kk-KZ',
    ogLocale: 'kk_KZ',
    label: 'Қаз',
    nativeName: 'Қазақша',
    market: { countries: ['KZ'], currency: 'KZT', phoneRegion: 'KZ', format: 'kk' },
  },
  uk: {
    code: 'ua',
    hreflang: 'uk-UA',
    ogLocale: 'uk_UA',
    label: 'Укр',
    nativeName: 'Українська',
    market: { countries: ['UA'], currency: 'UAH', phoneRegion: 'UA', format: 'uk' },
  },
} as const satisfies Record<Locale, LocaleInfo>;

/**
 * Where a missing message is looked up next. Every
 * language is complete and a test proves it; this only keeps a raw key off the
 * page if one ever slips through.
 */
export const localeFallbacks = {
  ru: ['en'],
  en: [],
  kk: ['ru', 'en'],
  uk: ['en'],
} as const satisfies Record<Locale, readonly Locale[]>;

/** The tag to give `Intl` and the message format for a language (its market's `format`). */
export function formatLocale(locale: Locale): string {
  return localeInfo[locale].market.format;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

export function isLangCode(value: unknown): value is LangCode {
  return typeof value === 'string' && (langCodes as readonly string[]).includes(value);
}

export function localeFromCode(code: LangCode): Locale {
  return locales.find((l) => localeInfo[l].code === code) ?? defaultLocale;
}

export function codeOf(locale: Locale): LangCode {
  return localeInfo[locale].code;
}

/** The cookie that remembers the visitor's language code (docs/architecture.md, "Languages"). */
export const localeCookie = {
  name: 'i18n_redirected',
  maxAge: 365 * 24 * 60 * 60,
  path: '/',
  sameSite: 'lax',
} as const;

/** `document.cookie` assignment with exactly the attributes above. */
export function serializeLocaleCookie(code: LangCode): string {
  return `${localeCookie.name}=${code}; Path=${localeCookie.path}; Max-Age=${localeCookie.maxAge}; SameSite=Lax`;
}

/** Remembers the language in the browser (the proxy sets the same cookie on redirects). */
export function writeLocaleCookie(code: LangCode): void {
  document.cookie = serializeLocaleCookie(code);
}

/** The language cookie as the browser holds it, if any. */
export function readLocaleCookie(): string | undefined {
  return document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${localeCookie.name}=`))
    ?.slice(localeCookie.name.length + 1);
}
