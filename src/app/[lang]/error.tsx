'use client';

import { useEffect } from 'react';
import { errorPageLabels } from '@/components/errors/error-labels';
import { ErrorView } from '@/components/errors/error-view';
import { buttonClass } from '@/components/ui/button';
import { useErrorTexts, useLocale } from '@/i18n/locale-context';
import { localeInfo } from '@/i18n/locales';
import { toAppError } from '@/lib/errors';
import { reportPageError } from '@/lib/navigation/page-error';

type ErrorPageProps = { error: Error & { digest?: string }; reset: () => void };

/** An unexpected failure inside a page: the error page in the page's language. */
export default function LangError({ error, reset }: ErrorPageProps) {
  const texts = useErrorTexts();
  const { code } = localeInfo[useLocale()];
  const appError = toAppError(error);

  // Next.js logs the error once (its onCaughtError). The app is told, so that a
  // chunk that failed to load is recovered from by loading the page in full.
  useEffect(() => reportPageError(error), [error]);

  return (
    <ErrorView
      error={appError}
      labels={errorPageLabels(appError, texts)}
      actions={
        <>
          <button type="button" onClick={reset} className={buttonClass({ size: 'lg' })}>
            {texts.retry}
          </button>
          {/* A full page load: after an unexpected error the app's state may be what failed. */}
          <a href={`/${code}`} className={buttonClass({ variant: 'secondary', size: 'lg' })}>
            {texts.home}
          </a>
        </>
      }
    />
  );
}
