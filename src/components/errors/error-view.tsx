import type { ReactNode } from 'react';
import type { AppError } from '@/lib/errors';

type ErrorViewProps = {
  error: AppError;
  labels: { status: string; statusMessage: string; description: string };
  /** The ways on (try again, home); an .astro page gives them as its `actions` slot. */
  actions?: ReactNode;
  /**
   * The status message's heading level: the page's h1, or an h2 where the view
   * waits in a page's `<template>` beside the page's own h1 (parsers that read
   * the markup as text would count two); ./show-page-error.ts makes it the h1
   * when the view takes the page's place.
   */
  heading?: 'h1' | 'h2';
};

/** The generic error page body: status code, status message, description. */
export function ErrorView({ error, labels, actions, heading: Heading = 'h1' }: ErrorViewProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-20 sm:px-6 sm:py-28" role="alert">
      <p
        className="text-7xl font-bold tracking-tight text-brand-500 sm:text-8xl"
        aria-hidden="true"
      >
        {error.statusCode}
      </p>
      <Heading
        className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl"
        data-page-heading={Heading === 'h1' ? undefined : ''}
      >
        {labels.statusMessage}
      </Heading>
      <p className="mt-2 text-sm font-semibold tracking-wide text-muted uppercase">
        {labels.status}
      </p>
      <p className="mt-4 max-w-xl text-lg text-muted">{labels.description}</p>
      <div className="mt-8 flex flex-wrap gap-3">{actions}</div>
    </div>
  );
}
