import 'server-only';
import pino from 'pino';

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

const ipv4 = /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g;
const email = /[^\s"'<>()[\]@,;:]+@[^\s"'<>()[\],;:]+/g;
// Seven or more digits, however grouped: a phone number, never a port or a count.
const digitRun = /\+?\d(?:[\s().-]*\d){6,}/g;

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
  return {
    error: redactContactData(message ?? (typeof error === 'string' ? error : 'unknown error')),
    ...(name ? { errorName: name } : {}),
    ...(code ? { errorCode: code } : {}),
  };
}

/** Removes quoted values, e-mail addresses and phone-like digit runs from a text meant for a log. */
export function redactContactData(text: string): string {
  const kept: string[] = [];
  const protectedText = text.replace(ipv4, (ip) => `\u0000${kept.push(ip) - 1}\u0000`);
  return (
    protectedText
      .split(/\r?\n/)[0]!
      .replace(/params:.*$/is, 'params: [redacted]')
      .replace(/"[^"]*"|'[^']*'/g, '"[redacted]"')
      .replace(email, '[redacted]')
      .replace(digitRun, '[redacted]')
      // eslint-disable-next-line no-control-regex -- NUL marks the kept parts, set above
      .replace(/\u0000(\d+)\u0000/g, (_, index: string) => kept[Number(index)] ?? '')
      .slice(0, 300)
  );
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
