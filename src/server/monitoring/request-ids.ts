import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serverEnv } from '@/server/env';
import { incomingRequestId, withRequestScope } from './request-scope';

type NodeHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  next?: (error?: unknown) => void,
  locals?: object,
) => void | Promise<void>;

const assigned = new WeakMap<IncomingMessage, string>();

/** The id `withRequestIds` gave a request, for code that runs outside its scope (the server's onError). */
export function assignedRequestId(request: IncomingMessage): string | undefined {
  return assigned.get(request);
}

/**
 * Wraps the handler of what is answered per request (Astro's): each request
 * gets its id (./request-scope.ts) before the handler sees it: as
 * `X-Request-Id` among the request's headers (where the lead intake reads it),
 * on the answer, and as the scope its log lines and reports are made in.
 */
export function withRequestIds<H extends NodeHandler>(
  handler: H,
  trustedProxies: number = serverEnv().TRUSTED_PROXIES,
): H {
  const wrapped: NodeHandler = (request, response, next, locals) => {
    const requestId = incomingRequestId(request.headers['x-request-id'], trustedProxies);
    request.headers['x-request-id'] = requestId;
    assigned.set(request, requestId);
    if (!response.headersSent) response.setHeader('X-Request-Id', requestId);
    return withRequestScope(requestId, () => handler(request, response, next, locals));
  };
  return wrapped as H;
}
