import { lang } from 'next/root-params';
import { getRequestConfig } from 'next-intl/server';
import { siteConfig } from '@/config/site';
import { defaultLocale, isLangCode, localeFromCode } from './locales';
import { loadMessages } from './messages';

/*
 * The language comes from the `[lang]` root segment through next/root-params, so
 * every server component (layouts, pages, not-found and error boundaries) knows
 * it without reading request headers, and pages stay static.
 */
export default getRequestConfig(async ({ locale: requested }) => {
  // An explicit locale (route handlers, metadata) wins; root params exist only in components.
  const code = requested ? undefined : await lang();
  const locale = requested ?? (isLangCode(code) ? localeFromCode(code) : defaultLocale);
  return { locale, messages: await loadMessages(locale), timeZone: siteConfig.timeZone };
});
