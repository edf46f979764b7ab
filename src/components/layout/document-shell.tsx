import { getTranslations } from '@/i18n/server';
import type { ReactNode } from 'react';
import { fontClassNames } from '@/app/fonts';
import { SiteFooter } from '@/components/footer/site-footer';
import { SiteHeader } from '@/components/header/site-header';
import { LocaleCookieSync } from '@/components/i18n/locale-cookie-sync';
import { JsonLd } from '@/components/seo/json-ld';
import { ConsentManager } from '@/components/consent/consent-manager';
import { LocaleProvider } from '@/i18n/locale-context';
import { localeInfo, type Locale } from '@/i18n/locales';
import { enabledProviders } from '@/lib/analytics/config';
import { buildProviders, consentTexts } from '@/server/consent/texts';
import { organizationLd, websiteLd } from '@/server/seo/json-ld';
import { BuildWatch } from './build-watch';
import { SkipLink } from './skip-link';

type DocumentShellProps = { locale: Locale; children: ReactNode };

/** The whole document around a page: `<html lang>`, skip link, header, main, footer. */
export async function DocumentShell({ locale, children }: DocumentShellProps) {
  const t = await getTranslations('SkipLink');
  const providers = buildProviders();
  const tError = await getTranslations('ErrorPage');
  const errorTexts = {
    // Filled in the browser with the status of the error at hand.
    status: tError.raw('status') as string,
    internalServerError: tError('internalServerError'),
    pageNotFound: tError('pageNotFound'),
    description: tError('description'),
    retry: tError('retry'),
    home: tError('home'),
  };
  return (
    <html lang={locale} className={fontClassNames}>
      <body className="flex min-h-dvh flex-col">
        <LocaleProvider locale={locale} errorTexts={errorTexts}>
          <SkipLink label={t('label')} />
          <SiteHeader locale={locale} />
          <main id="main" tabIndex={-1} className="flex-1 outline-none">
            {children}
          </main>
          <SiteFooter />
          <LocaleCookieSync locale={locale} />
          <BuildWatch />
          <JsonLd nodes={[organizationLd(locale), websiteLd(locale)]} />
          {enabledProviders(providers).length > 0 ? (
            <ConsentManager
              providers={providers}
              lang={localeInfo[locale].code}
              texts={await consentTexts(locale, providers)}
            />
          ) : null}
        </LocaleProvider>
      </body>
    </html>
  );
}
