import { langCodes, localeFromCode, type LangCode, type Locale } from './locales';

/** `getStaticPaths` of a page under `[lang]`: every page is built in every language. */
export function langStaticPaths() {
  return langCodes.map((lang) => ({ params: { lang } }));
}

/** The locale of a page built under `[lang]` (its params come from the paths above). */
export function localeOfParam(lang: string | undefined): Locale {
  return localeFromCode(lang as LangCode);
}
