import { notFound } from 'next/navigation';
import {
  defaultLocale,
  isLangCode,
  langCodes,
  localeFromCode,
  type LangCode,
  type Locale,
} from './locales';

export type LangParams = { lang: string };

/** `generateStaticParams` for the `[lang]` segment: every page is built in every language. */
export function langStaticParams(): LangParams[] {
  return langCodes.map((lang) => ({ lang }));
}

/** The locale of a page; an address under an unknown language code is a 404. */
export async function resolveLocale(params: Promise<LangParams>): Promise<Locale> {
  const { lang } = await params;
  if (!isLangCode(lang)) notFound();
  return localeFromCode(lang);
}

/**
 * The locale of the document around a page. It never fails, so that the 404
 * page of an address such as /xx/page still has its header and footer.
 */
export async function documentLocale(params: Promise<LangParams>): Promise<Locale> {
  const { lang } = await params;
  return isLangCode(lang) ? localeFromCode(lang) : defaultLocale;
}

/**
 * A route handler under `[lang]` (the feed, the manifest): `respond` answers
 * for a known language; any other code is a 404.
 */
export function languageRoute(respond: (locale: Locale, code: LangCode) => Promise<Response>) {
  return async (_request: Request, { params }: { params: Promise<LangParams> }) => {
    const { lang } = await params;
    if (!isLangCode(lang)) return new Response('Not found', { status: 404 });
    return respond(localeFromCode(lang), lang);
  };
}
