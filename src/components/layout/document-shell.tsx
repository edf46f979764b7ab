import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { fontClassNames } from '@/app/fonts';
import { SiteFooter } from '@/components/footer/site-footer';
import { SiteHeader } from '@/components/header/site-header';
import { LocaleCookieSync } from '@/components/i18n/locale-cookie-sync';
import { getClientMessages } from '@/i18n/client-messages';
import type { Locale } from '@/i18n/locales';
import { SkipLink } from './skip-link';

type DocumentShellProps = { locale: Locale; children: ReactNode };

/** The whole document around a page: `<html lang>`, skip link, header, main, footer. */
export async function DocumentShell({ locale, children }: DocumentShellProps) {
  const t = await getTranslations('SkipLink');
  return (
    <html lang={locale} className={fontClassNames}>
      <body className="flex min-h-dvh flex-col">
        <NextIntlClientProvider locale={locale} messages={await getClientMessages()}>
          <SkipLink label={t('label')} />
          <SiteHeader locale={locale} />
          <main id="main" tabIndex={-1} className="flex-1 outline-none">
            {children}
          </main>
          <SiteFooter />
          <LocaleCookieSync locale={locale} />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
