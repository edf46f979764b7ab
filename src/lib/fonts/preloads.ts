import type { LangCode } from '@/i18n/locales';

/**
 * The Onest faces (files in src/app/fonts/) a page preloads, by the language
 * in its URL: the ones its own text needs before the first paint. A unit test
 * proves that each language's messages and content need no other face.
 */
export const preloadedFonts = {
  en: ['onest-core-latin.woff2'],
  ru: ['onest-core-latin.woff2', 'onest-core-cyrillic.woff2'],
  ua: ['onest-core-latin.woff2', 'onest-core-cyrillic.woff2'],
  kz: ['onest-core-latin.woff2', 'onest-core-cyrillic.woff2', 'onest-kazakh.woff2'],
} as const satisfies Record<LangCode, readonly string[]>;

/**
 * The URL a built stylesheet gives a font file: next/font copies
 * `onest-core-latin.woff2` to `../media/onest_core_latin<suffix>.woff2`.
 * Undefined when the stylesheet has no face from that file.
 */
export function builtFontUrl(css: string, file: string): string | undefined {
  const stem = file.replace(/\.woff2$/, '').replaceAll('-', '_');
  const match = new RegExp(`url\\(\\.\\./media/(${stem}[.-][^)"']*\\.woff2)\\)`).exec(css);
  return match ? `/_next/static/media/${match[1]}` : undefined;
}
