import cyrillic from '@/styles/fonts/onest-core-cyrillic.woff2?url';
import kazakh from '@/styles/fonts/onest-kazakh.woff2?url';
import latin from '@/styles/fonts/onest-core-latin.woff2?url';
import { localeInfo, type LangCode, type Locale } from '@/i18n/locales';

/**
 * The Onest faces (files in src/styles/fonts/) a page preloads, by the language
 * in its URL: the ones its own text needs before the first paint. A unit test
 * proves that each language's messages and content need no other face.
 */
export const preloadedFonts = {
  en: ['onest-core-latin.woff2'],
  ru: ['onest-core-latin.woff2', 'onest-core-cyrillic.woff2'],
  ua: ['onest-core-latin.woff2', 'onest-core-cyrillic.woff2'],
  kz: ['onest-core-latin.woff2', 'onest-core-cyrillic.woff2', 'onest-kazakh.woff2'],
} as const satisfies Record<LangCode, readonly string[]>;

/** The built address of each face: the same file the stylesheet's @font-face names. */
const builtUrl: Record<(typeof preloadedFonts)[LangCode][number], string> = {
  'onest-core-latin.woff2': latin,
  'onest-core-cyrillic.woff2': cyrillic,
  'onest-kazakh.woff2': kazakh,
};

/** The addresses a page in this language preloads. */
export function fontPreloads(locale: Locale): string[] {
  return preloadedFonts[localeInfo[locale].code].map((file) => builtUrl[file]);
}
