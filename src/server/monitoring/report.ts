import 'server-only';
import { redactReportText } from '@/lib/monitoring/scrub';
import { currentRequest } from './request-scope';

/**
 * Error reports of the server and the worker, sent to Sentry (or a service
 * that speaks its protocol, such as GlitchTip) when SENTRY_DSN is set
 * (./errors.ts starts it); without it every call here does nothing.
 *
 * Reports come from the log: an error or fatal line that carries an error
 * (`...errorDetails(error)`, src/server/log.ts) is reported with the line's
 * event, the request id and a few plain facts from the line; a job given up
 * (the warning `delivery.failed`) is reported too. So the code that catches an
 * error logs it and needs nothing else. `reportError` is there for an error
 * that is not logged.
 *
 * A request is reported once, by its first error (the one closest to the
 * cause); a kind of error (the same event and message) at most once a minute,
 * so a database that is down for an hour is one report a minute, not one per
 * round of the worker. The log keeps every one.
 */

export type ReportLevel = 'fatal' | 'error' | 'warning';

export type ErrorContext = {
  /** What was going on: the log line's event (`lead.error`, `worker.error` …). */
  event?: string;
  /** The request being answered; by default the one in scope (./request-scope.ts). */
  requestId?: string;
  /** Plain facts that help find the fault (a channel, a job id, an error code); never contact data. */
  details?: Record<string, string | number | boolean>;
  level?: ReportLevel;
};

/** What a report asks the SDK to send, in its terms. */
export type Capture = {
  level: ReportLevel;
  tags: Record<string, string>;
  contexts: { details: Record<string, string | number | boolean> };
  fingerprint?: string[];
};

/** The SDK, once loaded (./errors.ts). */
export type Reporter = {
  captureException(error: unknown, capture: Capture): void;
  captureMessage(message: string, capture: Capture): void;
  flush(timeoutMs: number): Promise<boolean>;
};

type State = {
  reporter?: Reporter;
  /** Reports made while the SDK loads, sent once it is there; undefined when tracking is off. */
  pending?: (() => void)[];
  /** When each kind of error was last reported. */
  lastSent: Map<string, number>;
  /** Requests already reported (the newest few hundred). */
  reportedRequests: Set<string>;
};

// One state for the process: the server (dist/server.mjs) and Astro's handler
// (dist/server/) are bundled apart, each with its own copy of this module.
const stateKey = Symbol.for('agency-site.error-tracking');
const holder = globalThis as { [stateKey]?: State };
const state: State = (holder[stateKey] ??= { lastSent: new Map(), reportedRequests: new Set() });

export const reportPolicy = {
  /** The same kind of error is reported at most once in this long. */
  sameKindMs: 60_000,
  /** Reports kept while the SDK loads. */
  pendingLimit: 50,
  /** Request ids remembered as reported. */
  requestMemory: 500,
} as const;

/** Whether reports are being made (SENTRY_DSN was set and the SDK is loading or loaded). */
export function errorTrackingOn(): boolean {
  return !!state.reporter || !!state.pending;
}

/** Called by ./errors.ts as it starts loading the SDK: reports wait for it from now on. */
export function awaitReporter(): void {
  state.pending ??= [];
}

/** Called by ./errors.ts once the SDK is ready (or with undefined when it could not load). */
export function installReporter(reporter: Reporter | undefined): void {
  const waiting = state.pending ?? [];
  state.reporter = reporter;
  state.pending = reporter ? [] : undefined;
  if (reporter) for (const send of waiting) send();
}

/** For tests: forgets the reporter and what was reported. */
export function resetReporting(): void {
  state.reporter = undefined;
  state.pending = undefined;
  state.lastSent.clear();
  state.reportedRequests.clear();
}

/** Waits until the reports made so far are sent, or `timeoutMs` passes. */
export async function flushReports(timeoutMs = 2_000): Promise<boolean> {
  return state.reporter ? state.reporter.flush(timeoutMs) : true;
}

/** The kind of an error: its name and message as a report shows it (the same fault for every visitor). */
function kindOf(error: unknown): string {
  if (error instanceof Error) return redactReportText(`${error.name}: ${error.message}`);
  return typeof error === 'string' ? redactReportText(error) : 'unknown';
}

/** Decides whether this report goes: one per request, one per kind a minute. */
function admit(kind: string, requestId: string | undefined): boolean {
  const scope = currentRequest();
  if (requestId) {
    if (state.reportedRequests.has(requestId)) return false;
    if (scope?.requestId === requestId && scope.reported) return false;
  }
  const now = Date.now();
  const last = state.lastSent.get(kind);
  if (last !== undefined && now - last < reportPolicy.sameKindMs) return false;
  state.lastSent.set(kind, now);
  if (state.lastSent.size > 1000) state.lastSent.delete(state.lastSent.keys().next().value!);
  if (requestId) {
    if (scope?.requestId === requestId) scope.reported = true;
    state.reportedRequests.add(requestId);
    if (state.reportedRequests.size > reportPolicy.requestMemory)
      state.reportedRequests.delete(state.reportedRequests.values().next().value!);
  }
  return true;
}

function captureOf(context: ErrorContext, requestId: string | undefined): Capture {
  return {
    level: context.level ?? 'error',
    tags: {
      ...(requestId ? { request_id: requestId } : {}),
      ...(context.event ? { event: context.event } : {}),
    },
    contexts: { details: context.details ?? {} },
  };
}

function send(report: () => void): boolean {
  if (state.reporter) report();
  else if (state.pending && state.pending.length < reportPolicy.pendingLimit)
    state.pending.push(report);
  else return false;
  return true;
}

/**
 * Reports an error (with its stack) when tracking is on. Returns whether it
 * is sent: not when tracking is off, when its request was reported already,
 * or when the same kind was reported less than a minute ago.
 */
export function reportError(error: unknown, context: ErrorContext = {}): boolean {
  if (!errorTrackingOn()) return false;
  const requestId = context.requestId ?? currentRequest()?.requestId;
  if (!admit(`${context.event ?? ''}|${kindOf(error)}`, requestId)) return false;
  const capture = captureOf(context, requestId);
  return send(() => state.reporter?.captureException(error, capture));
}

/** Reports something that went wrong without an error object of its own (a job given up). */
export function reportProblem(
  message: string,
  context: ErrorContext & { fingerprint?: string[] } = {},
): boolean {
  if (!errorTrackingOn()) return false;
  const requestId = context.requestId ?? currentRequest()?.requestId;
  if (!admit(`${context.event ?? ''}|${message}`, requestId)) return false;
  const capture = {
    ...captureOf(context, requestId),
    ...(context.fingerprint ? { fingerprint: context.fingerprint } : {}),
  };
  return send(() => state.reporter?.captureMessage(message, capture));
}

/** Facts of a log line a report may carry: plain ids, names and counts, never the visitor's data. */
const factFields = [
  'errorName',
  'errorCode',
  'method',
  'path',
  'channel',
  'jobId',
  'jobIds',
  'attempt',
  'try',
  'reference',
  'language',
  'workerId',
] as const;

function facts(fields: Record<string, unknown>): Record<string, string | number | boolean> {
  const kept: Record<string, string | number | boolean> = {};
  for (const name of factFields) {
    const value = fields[name];
    if (typeof value === 'number' || typeof value === 'boolean') kept[name] = value;
    else if (typeof value === 'string') kept[name] = redactReportText(value).slice(0, 200);
    else if (Array.isArray(value))
      kept[name] = value
        .filter((item) => typeof item === 'number')
        .slice(0, 20)
        .join(',');
  }
  return kept;
}

/** An error rebuilt from what a log line says of it, when the error itself is not at hand. */
function errorFromLine(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.error));
  error.name = typeof fields.errorName === 'string' ? fields.errorName : 'Error';
  // Its stack would point here, at the reporting, not at the fault.
  error.stack = `${error.name}: ${error.message}`;
  return error;
}

/** Warnings that are reported: a job given up, so a lead reached no one on that channel. */
const reportedWarnings = new Set(['delivery.failed']);

/**
 * The hook of the log (src/server/log.ts): called with each warning, error and
 * fatal line as it is logged (pino's numeric `level`, the log call's
 * arguments) and the error `errorDetails` described last, which is the line's
 * own when the line carries `...errorDetails(error)`.
 */
export function reportLogLine(
  level: number,
  args: readonly unknown[],
  described: { error: unknown; text: string } | undefined,
): void {
  if (!errorTrackingOn()) return;
  const first = args[0];
  if (typeof first !== 'object' || first === null || first instanceof Error) return;
  const fields = first as Record<string, unknown>;
  const event = typeof fields.event === 'string' ? fields.event : undefined;
  const requestId = typeof fields.requestId === 'string' ? fields.requestId : undefined;
  const message = typeof args[1] === 'string' ? args[1] : undefined;
  if (level >= 50 && typeof fields.error === 'string') {
    const error =
      described && described.text === fields.error ? described.error : errorFromLine(fields);
    reportError(error, {
      event,
      requestId,
      level: level >= 60 ? 'fatal' : 'error',
      details: { ...facts(fields), ...(message ? { log: message } : {}) },
    });
  } else if (level >= 40 && event && reportedWarnings.has(event)) {
    const channel = typeof fields.channel === 'string' ? fields.channel : 'unknown';
    const reason = typeof fields.error === 'string' ? redactReportText(fields.error) : 'unknown';
    reportProblem(`Delivery given up on ${channel}: ${reason}`, {
      event,
      requestId,
      details: facts(fields),
      fingerprint: [event, channel],
    });
  }
}
