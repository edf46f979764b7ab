import type { LangCode } from '@/i18n/locales';

/**
 * The Onest faces (files in src/styles/fonts/) a page preloads, by the language
 * in its URL: the ones its own text needs before the first paint. A unit test
 * proves that each language's messages and content need no other face. Kept
 * free of imports that only a bundler resolves: the end-to-end tests read it.
 */
export const preloadedFonts = {
  en: ['onest-core-latin.woff2'],
  ru: ['onest-core-latin.woff2', 'onest-core-cyrillic.woff2'],
  ua: ['onest-core-latin.woff2', 'onest-core-cyrillic.woff2'],
  kz: ['onest-core-latin.woff2', 'onest-core-cyrillic.woff2', 'onest-kazakh.woff2'],
} as const satisfies Record<LangCode, readonly string[]>;
