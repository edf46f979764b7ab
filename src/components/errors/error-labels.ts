import { defaultStatusMessages, type AppError } from '@/lib/errors';

type ErrorTranslator = (
  key: 'status' | 'internalServerError' | 'pageNotFound' | 'description',
  values?: { status: number },
) => string;

/**
 * What the error page says for an error, in the page's language: the two
 * default status messages are translated; a specific one is shown as it came.
 */
export function errorPageLabels(error: AppError, t: ErrorTranslator) {
  const statusMessage =
    error.statusMessage === defaultStatusMessages[404]
      ? t('pageNotFound')
      : error.statusMessage === defaultStatusMessages[500]
        ? t('internalServerError')
        : error.statusMessage;
  return {
    status: t('status', { status: error.statusCode }),
    statusMessage,
    description: t('description'),
  };
}
