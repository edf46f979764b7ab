import {
  codeOf,
  defaultLocale,
  isLangCode,
  localeInfo,
  locales,
  type LangCode,
  type Locale,
} from '@/i18n/locales';

/**
 * Splits an Accept-Language header into its tags, in the order the browser sent
 * them. q-values do not rank (the first language a browser names wins), but `q=0` means "not
 * acceptable" in HTTP, so such an entry is dropped rather than matched.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const tags: string[] = [];
  for (const part of header.split(',')) {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim();
    if (!tag || tag === '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    tags.push(tag);
  }
  return tags;
}

/** The locale whose full tag or primary subtag equals this browser tag, if any. */
export function matchLanguageTag(tag: string): Locale | undefined {
  const lower = tag.toLowerCase();
  const primary = lower.split('-')[0];
  return (
    locales.find((l) => localeInfo[l].hreflang.toLowerCase() === lower) ??
    locales.find((l) => l === primary)
  );
}

export type NegotiationInput = {
  cookie?: string | null;
  acceptLanguage?: string | null;
};

/**
 * The language code `/` and unprefixed paths redirect to: the cookie first, then
 * the browser's languages in order, then the default (docs/architecture.md, "Languages").
 */
export function negotiateLangCode({ cookie, acceptLanguage }: NegotiationInput): LangCode {
  if (isLangCode(cookie)) return cookie;
  for (const tag of parseAcceptLanguage(acceptLanguage)) {
    const match = matchLanguageTag(tag);
    if (match) return codeOf(match);
  }
  return codeOf(defaultLocale);
}
