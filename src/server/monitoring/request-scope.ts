import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * Every answer made per request (what Astro renders or answers, not the files
 * built ahead) has an id: the one the trusted proxy in front sent as
 * `X-Request-Id` when it is a plain token, else a new one (given in
 * ./request-ids.ts). It is sent back as `X-Request-Id`, written on every log
 * line made while the request is answered (src/server/log.ts), and carried by
 * its error report (./report.ts), so that a report, the log and the proxy's
 * access log meet.
 */

export type RequestScope = {
  requestId: string;
  /** Whether an error report was sent for this request already: one per request. */
  reported: boolean;
};

// One store for the process: the site's server (dist/server.mjs) and Astro's
// handler (dist/server/) are bundled apart, each with its own copy of this
// module, and a request passes from one to the other.
const storeKey = Symbol.for('agency-site.request-scope');
const holder = globalThis as { [storeKey]?: AsyncLocalStorage<RequestScope> };
const store = (holder[storeKey] ??= new AsyncLocalStorage<RequestScope>());

/** A request id as a log line may carry it: a plain token, never what a client smuggles in. */
const plainToken = /^[\w.:-]{1,128}$/;

/**
 * The id of a request: the proxy's `X-Request-Id` when a proxy is trusted
 * (TRUSTED_PROXIES > 0) and it is a plain token; else a new UUID. With no
 * proxy in front, a client's own header is not taken: it would let anyone
 * write into the log what another request's lines say.
 */
export function incomingRequestId(
  header: string | string[] | undefined,
  trustedProxies: number,
): string {
  const given = (Array.isArray(header) ? header[0] : header)?.trim();
  return trustedProxies > 0 && given && plainToken.test(given) ? given : randomUUID();
}

/** Runs `work` as part of the request `requestId`: its log lines and reports carry the id. */
export function withRequestScope<T>(requestId: string, work: () => T): T {
  return store.run({ requestId, reported: false }, work);
}

/** The request being answered, if any. */
export function currentRequest(): RequestScope | undefined {
  return store.getStore();
}
