'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { fallbackErrorTexts } from '@/components/errors/fallback-texts';
import { ErrorView } from '@/components/errors/error-view';
import { buttonClass } from '@/components/ui/button';
import {
  defaultLocale,
  isLangCode,
  localeFromCode,
  localeInfo,
  type LangCode,
} from '@/i18n/locales';
import { toAppError } from '@/lib/errors';
import { reportPageError } from '@/lib/navigation/page-error';
import './globals.css';

type GlobalErrorProps = { error: Error & { digest?: string }; reset: () => void };

// The address does not change while this page is shown.
const subscribeNever = () => () => {};

function codeFromLocation(): LangCode {
  const first = window.location.pathname.split('/')[1];
  return isLangCode(first) ? first : localeInfo[defaultLocale].code;
}

/**
 * The last resort, when the root layout itself failed: a plain page without
 * header, footer or translations loaded, in the language of the address.
 */
export default function GlobalError({ error, reset }: GlobalErrorProps) {
  const code = useSyncExternalStore(
    subscribeNever,
    codeFromLocation,
    () => localeInfo[defaultLocale].code,
  );
  const appError = toAppError(error);
  const texts = fallbackErrorTexts[code];

  // Next.js logs the error once (its onCaughtError). The app is told, so that a
  // chunk that failed to load is recovered from by loading the page in full.
  useEffect(() => reportPageError(error), [error]);

  return (
    <html lang={localeFromCode(code)}>
      <body className="font-sans">
        <ErrorView
          error={appError}
          labels={{
            status: `${appError.statusCode}`,
            statusMessage:
              appError.statusCode === 500 ? texts.internalServerError : appError.statusMessage,
            description: texts.description,
          }}
          actions={
            <>
              <button type="button" onClick={reset} className={buttonClass({ size: 'lg' })}>
                {texts.retry}
              </button>
              {/* A full page load: the app's router may be what failed. */}
              <a href={`/${code}`} className={buttonClass({ variant: 'secondary', size: 'lg' })}>
                {texts.home}
              </a>
            </>
          }
        />
      </body>
    </html>
  );
}
