import 'server-only';
import pino from 'pino';
import { redactContactData } from '@/lib/privacy/redact-contact';
import { reportLogLine } from '@/server/monitoring/report';
import { currentRequest } from '@/server/monitoring/request-scope';

export { redactContactData };

/**
 * Structured JSON lines on stdout for everything the server does that an
 * operator may need to read later. Contact data is never logged: lines carry a
 * lead's reference, and errors go through `errorDetails`, which keeps what an
 * operator needs (the kind of error, its code) and drops what a visitor typed.
 */

type Sink = (line: string) => void;
const sinks = new Set<Sink>();
const destination = {
  write(line: string) {
    if (sinks.size === 0) process.stdout.write(line);
    for (const sink of sinks) sink(line);
  },
};

const configuredLevel =
  process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info');

export const logger = pino(
  {
    level: configuredLevel,
    base: { service: 'agency-site' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // A line logged while a request is answered carries its id (src/server/monitoring/).
    mixin: () => {
      const request = currentRequest();
      return request ? { requestId: request.requestId } : {};
    },
    // Error lines that carry an error, and jobs given up, become error reports
    // when SENTRY_DSN is set (src/server/monitoring/report.ts).
    hooks: {
      logMethod(args, method, level) {
        if (level >= 40) {
          try {
            reportLogLine(level, args, described);
          } catch {
            // A report that cannot be made never stops the line from being logged.
          }
        }
        described = undefined;
        return method.apply(this, args);
      },
    },
    // A second guard: should a lead's fields ever be passed to a log call, they are censored.
    redact: {
      paths: ['contact', 'contactValue', 'name', 'message', '*.contact', '*.contactValue'],
      censor: '[redacted]',
    },
  },
  destination,
);

/**
 * For tests: every line logged until `stop()`, at every level, instead of
 * stdout. Lines already written by then are kept in `lines`.
 */
export function captureLogs(): { lines: string[]; stop: () => void } {
  const lines: string[] = [];
  const sink: Sink = (line) => lines.push(line);
  sinks.add(sink);
  logger.level = 'trace';
  return {
    lines,
    stop: () => {
      sinks.delete(sink);
      if (sinks.size === 0) logger.level = configuredLevel;
    },
  };
}

/**
 * The error `errorDetails` described last, with the text it made of it: the
 * line logged next that carries that text (`...errorDetails(error)`) hands the
 * whole error, stack included, to its report, never to the log.
 */
let described: { error: unknown; text: string } | undefined;

/**
 * An error as a log line may show it: its name, its code (PostgreSQL's SQLSTATE,
 * a Node errno) and its message, without the query parameters an ORM error
 * quotes, without quoted values and without anything that looks like an e-mail
 * address or a phone number. The cause chain is followed to the first code.
 */
export function errorDetails(error: unknown): {
  error: string;
  errorName?: string;
  errorCode?: string;
} {
  let name: string | undefined;
  let code: string | undefined;
  let message: string | undefined;
  for (
    let e: unknown = error, depth = 0;
    e && depth < 5;
    e = (e as { cause?: unknown }).cause, depth += 1
  ) {
    const current = e as { name?: unknown; code?: unknown; message?: unknown };
    if (!name && typeof current.name === 'string') name = current.name;
    if (!code && (typeof current.code === 'string' || typeof current.code === 'number'))
      code = String(current.code);
    const text = typeof current.message === 'string' ? current.message : undefined;
    // An ORM's "Failed query: <sql> params: <values>" says less than its cause.
    if (text && !/^Failed query:/i.test(text)) {
      message ??= text;
    }
  }
  const text = redactContactData(message ?? (typeof error === 'string' ? error : 'unknown error'));
  described = { error, text };
  return {
    error: text,
    ...(name ? { errorName: name } : {}),
    ...(code ? { errorCode: code } : {}),
  };
}

/**
 * One line per submission an operator should see: an accepted lead (its
 * reference, never the contact data), one marked for a second look, and a
 * refusal because the database is unavailable. Invalid input and rate limits
 * are the visitor's business and are not logged; an unexpected error is
 * logged where it is caught.
 */
export function logSubmission(
  requestId: string,
  result: { status: string; httpStatus: number; reference?: string; review?: string | null },
  language: string,
) {
  if (result.status === 'accepted' && result.httpStatus === 201)
    logger.info(
      {
        event: 'lead.accepted',
        requestId,
        reference: result.reference,
        language,
        ...(result.review ? { review: result.review } : {}),
      },
      'lead accepted',
    );
  else if (result.httpStatus === 503)
    logger.warn({ event: 'lead.unavailable', requestId, language }, 'database unavailable; 503');
}
