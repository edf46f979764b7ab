'use client';

import { useEffect } from 'react';
import { errorPageLabels } from '@/components/errors/error-labels';
import { ErrorView } from '@/components/errors/error-view';
import { buttonClass } from '@/components/ui/button';
import { useErrorTexts } from '@/i18n/locale-context';
import { Link } from '@/i18n/navigation';
import { toAppError } from '@/lib/errors';

type ErrorPageProps = { error: Error & { digest?: string }; reset: () => void };

/** An unexpected failure inside a page: the error page in the page's language. */
export default function LangError({ error, reset }: ErrorPageProps) {
  const texts = useErrorTexts();
  const appError = toAppError(error);

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <ErrorView
      error={appError}
      labels={errorPageLabels(appError, texts)}
      actions={
        <>
          <button type="button" onClick={reset} className={buttonClass({ size: 'lg' })}>
            {texts.retry}
          </button>
          <Link href="/" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
            {texts.home}
          </Link>
        </>
      }
    />
  );
}
