'use client';

import { useEffect } from 'react';
import { localeInfo, readLocaleCookie, writeLocaleCookie, type Locale } from '@/i18n/locales';

/**
 * Pages are static, so the server cannot set the cookie when a visitor lands on
 * a page of another language (by a shared link, say); this does it in the browser.
 */
export function LocaleCookieSync({ locale }: { locale: Locale }) {
  useEffect(() => {
    const { code } = localeInfo[locale];
    if (readLocaleCookie() !== code) writeLocaleCookie(code);
    // Marks the page as interactive, for end-to-end tests and monitoring.
    document.documentElement.dataset.hydrated = 'true';
  }, [locale]);
  return null;
}
