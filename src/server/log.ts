import 'server-only';
import pino from 'pino';

/**
 * Structured JSON lines on stdout for everything the server does that an
 * operator may need to read later. Contact data is never logged.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: { service: 'agency-site' },
  timestamp: pino.stdTimeFunctions.isoTime,
});

/**
 * One line per submission an operator should see: an accepted lead (its
 * reference, never the contact data) and a refusal because the database is
 * unavailable. Invalid input and rate limits are the visitor's business and
 * are not logged; an unexpected error is logged where it is caught.
 */
export function logSubmission(
  requestId: string,
  result: { status: string; httpStatus: number; reference?: string },
  language: string,
) {
  if (result.status === 'accepted' && result.httpStatus === 201)
    logger.info(
      { event: 'lead.accepted', requestId, reference: result.reference, language },
      'lead accepted',
    );
  else if (result.httpStatus === 503)
    logger.warn({ event: 'lead.unavailable', requestId, language }, 'database unavailable; 503');
}
