import { defaultStatusMessages, type AppError } from '@/lib/errors';

/** The error page's texts in one language (messages/<lang>.json, `ErrorPage`). */
export type ErrorTexts = {
  /** "Error {status}", with the status left in. */
  status: string;
  internalServerError: string;
  pageNotFound: string;
  description: string;
  retry: string;
  home: string;
};

/**
 * What the error page says for an error, in the page's language: the two
 * default status messages are translated; a specific one is shown as it came.
 */
export function errorPageLabels(error: AppError, texts: ErrorTexts) {
  const statusMessage =
    error.statusMessage === defaultStatusMessages[404]
      ? texts.pageNotFound
      : error.statusMessage === defaultStatusMessages[500]
        ? texts.internalServerError
        : error.statusMessage;
  return {
    status: texts.status.replace('{status}', String(error.statusCode)),
    statusMessage,
    description: texts.description,
  };
}
