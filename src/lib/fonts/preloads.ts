import cyrillic from '@/styles/fonts/onest-core-cyrillic.woff2?url';
import kazakh from '@/styles/fonts/onest-kazakh.woff2?url';
import latin from '@/styles/fonts/onest-core-latin.woff2?url';
import { localeInfo, type LangCode, type Locale } from '@/i18n/locales';
import { preloadedFonts } from './preloaded';

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
