'use client';

import { useEffect } from 'react';
import { localeInfo, readLocaleCookie, writeLocaleCookie, type Locale } from '@/i18n/locales';
import { recordVisit } from '@/lib/attribution/browser';

/**
 * What a static page does for the visitor as soon as its script runs. The
 * server cannot set the cookie when a visitor lands on a page of another
 * language (by a shared link, say): this does it in the browser. And it notes
 * where the visit came from (src/lib/attribution/), for a request sent later.
 */
export function LocaleCookieSync({ locale }: { locale: Locale }) {
  useEffect(() => {
    recordVisit();
    const { code } = localeInfo[locale];
    if (readLocaleCookie() !== code) writeLocaleCookie(code);
    // Marks the page as interactive, for end-to-end tests and monitoring.
    document.documentElement.dataset.hydrated = 'true';
  }, [locale]);
  return null;
}
