import 'server-only';
import { siteConfig } from '@/config/site';
import { localeInfo, type Locale } from '@/i18n/locales';

/** The values content may use as {{name}}; all of them come from the site config. */
export function contentTemplateValues(locale: Locale): Record<string, string> {
  const { contacts, name, legalName } = siteConfig;
  return {
    brand: name,
    legalName,
    address: contacts.address[localeInfo[locale].code],
    email: contacts.email,
    privacyEmail: contacts.privacyEmail,
    phone: contacts.phone.display,
    telegramUsername: contacts.telegram.username,
    telegramUrl: contacts.telegram.url,
  };
}
