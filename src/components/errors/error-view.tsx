import type { ReactNode } from 'react';
import type { AppError } from '@/lib/errors';

type ErrorViewProps = {
  error: AppError;
  labels: { status: string; statusMessage: string; description: string };
  /** The ways on (try again, home); an .astro page gives them as its `actions` slot. */
  actions?: ReactNode;
};

/** The generic error page body: status code, status message, description. */
export function ErrorView({ error, labels, actions }: ErrorViewProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-20 sm:px-6 sm:py-28" role="alert">
      <p
        className="text-7xl font-bold tracking-tight text-brand-500 sm:text-8xl"
        aria-hidden="true"
      >
        {error.statusCode}
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{labels.statusMessage}</h1>
      <p className="mt-2 text-sm font-semibold tracking-wide text-muted uppercase">
        {labels.status}
      </p>
      <p className="mt-4 max-w-xl text-lg text-muted">{labels.description}</p>
      <div className="mt-8 flex flex-wrap gap-3">{actions}</div>
    </div>
  );
}
