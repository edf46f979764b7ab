import { redactContactData } from '@/lib/privacy/redact-contact';

/**
 * The last step before an error report leaves the server or the browser
 * (Sentry's `beforeSend`): whatever the SDK or an integration put in, the
 * report keeps what an operator needs to find the fault (the kind of error, its
 * message without contact data, the stack without query strings, the
 * service, release and request id) and nothing a visitor typed or is: no
 * request (address with its query, headers, cookies, body), no user (IP
 * address), no breadcrumbs' data, no extra values, no local variables.
 */

type Frame = { filename?: string; abs_path?: string; module?: string; vars?: unknown };
type Stack = { frames?: Frame[] };
type Crumb = { message?: string; data?: unknown };

/** The parts of a Sentry event this looks at (a structural subset of the SDKs' `Event`). */
export type ReportEvent = {
  message?: string;
  logentry?: { message?: string; params?: unknown[] };
  exception?: { values?: { value?: string; stacktrace?: Stack }[] };
  threads?: { values?: { stacktrace?: Stack }[] };
  request?: unknown;
  user?: unknown;
  breadcrumbs?: Crumb[];
  extra?: unknown;
  contexts?: object;
  transaction?: string;
};

/**
 * Contexts that describe the program and the machine, never the visitor: the
 * runtime, the operating system, the app's memory, the trace ids, and
 * `details`, which the site's own reports carry (src/server/monitoring/report.ts).
 */
const keptContexts = new Set(['app', 'os', 'runtime', 'device', 'culture', 'trace', 'details']);

/** Everything from a `?` that carries a `name=value`, in a text: a query string. */
const queryInText = /\?[^\s"'<>#?]*=[^\s"'<>#]*/g;

/** An address without its query and fragment, which may carry what a visitor typed. */
export function withoutQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return cut < 0 ? url : url.slice(0, cut);
}

/** A message as a report may show it: no query strings, no contact data, one line. */
export function redactReportText(text: string): string {
  return redactContactData(text.replace(queryInText, '?[redacted]'));
}

function scrubStack(stack: Stack | undefined) {
  for (const frame of stack?.frames ?? []) {
    if (frame.filename) frame.filename = withoutQuery(frame.filename);
    if (frame.abs_path) frame.abs_path = withoutQuery(frame.abs_path);
    if (frame.module) frame.module = withoutQuery(frame.module);
    delete frame.vars;
  }
}

/** Removes everything personal from an event, in place; returns it. */
export function scrubEvent<T extends ReportEvent>(event: T): T {
  delete event.request;
  delete event.user;
  delete event.extra;
  if (event.message) event.message = redactReportText(event.message);
  if (event.logentry) {
    if (event.logentry.message) event.logentry.message = redactReportText(event.logentry.message);
    delete event.logentry.params;
  }
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = redactReportText(exception.value);
    scrubStack(exception.stacktrace);
  }
  for (const thread of event.threads?.values ?? []) scrubStack(thread.stacktrace);
  for (const crumb of event.breadcrumbs ?? []) {
    delete crumb.data;
    if (crumb.message) crumb.message = redactReportText(crumb.message);
  }
  if (event.contexts) {
    const contexts = event.contexts as Record<string, unknown>;
    for (const key of Object.keys(contexts)) if (!keptContexts.has(key)) delete contexts[key];
  }
  if (event.transaction) event.transaction = withoutQuery(event.transaction);
  return event;
}

/**
 * What the reports of the server and the browser collect, in the SDKs' terms
 * (Sentry 11's `dataCollection`, which replaced `sendDefaultPii`): nothing
 * about the visitor, the request or its data. Source lines around a stack
 * frame (the program's own code) are kept.
 */
export const noPersonalData = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [] as never[],
  urlQueryParams: false,
  graphQL: { document: false, variables: false },
  genAI: { inputs: false, outputs: false },
  mcp: { inputs: false, outputs: false },
  databaseQueryData: false,
  queues: false,
  stackFrameVariables: false,
};
