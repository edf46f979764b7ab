import 'server-only';
import { errorDetails, logger } from '@/server/log';

/**
 * For the site's middleware (src/middleware.ts): a page or endpoint rendered
 * per request that threw. The failure is logged with its path (never its
 * query) and, through the log, reported with the request's id (once per
 * request: a lead the intake could not store was reported already, closer to
 * its cause); then Astro gets the error and answers with the error page.
 * An error that carries a 4xx status is the visitor's, not a fault: not logged.
 */
export function routeFailed(pathname: string): (error: unknown) => never {
  return (error) => {
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (!(typeof status === 'number' && status >= 400 && status < 500))
      logger.error(
        { event: 'request.error', path: pathname.slice(0, 200), ...errorDetails(error) },
        'a page or endpoint rendered per request failed',
      );
    throw error;
  };
}
