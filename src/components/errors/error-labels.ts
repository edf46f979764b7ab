import type { ErrorTexts } from '@/i18n/locale-context';
import { defaultStatusMessages, type AppError } from '@/lib/errors';

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
