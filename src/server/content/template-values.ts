import 'server-only';
import { siteConfig } from '@/config/site';
import { localeInfo, type Locale } from '@/i18n/locales';

/** The values content may use as {{name}}; all of them come from the site config. */
export function contentTemplateValues(locale: Locale): Record<string, string> {
  const { contacts, name, legal } = siteConfig;
  const code = localeInfo[locale].code;
  return {
    brand: name,
    // The company with its legal form in the page's language (ТОО «…», «…» ЖШС, ТОВ «…», … LLP).
    legalName: legal.name[code],
    registrationNumber: legal.registrationNumber,
    legalAddress: legal.address[code],
    address: contacts.address[code],
    email: contacts.email,
    privacyEmail: contacts.privacyEmail,
    phone: contacts.phone.display,
    telegramUsername: contacts.telegram.username,
    telegramUrl: contacts.telegram.url,
  };
}
