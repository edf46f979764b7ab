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
