import { defineRouting } from 'next-intl/routing';
import { defaultLocale, localeInfo, locales } from './locales';

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: {
    mode: 'always',
    prefixes: {
      ru: `/${localeInfo.ru.code}`,
      en: `/${localeInfo.en.code}`,
      kk: `/${localeInfo.kk.code}`,
      uk: `/${localeInfo.uk.code}`,
    },
  },
  // The cookie holds the URL code (kz, ua), not the locale next-intl would write
  // (kk, uk), so the site writes it itself: see components/i18n/locale-cookie-sync.
  localeCookie: false,
  // Detection is our proxy's (BEHAVIOUR.md's in-order rule), not next-intl's middleware.
  localeDetection: false,
  alternateLinks: false,
});
