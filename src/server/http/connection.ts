import 'server-only';
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * What the site needs to know about a connection before Next.js sees the
 * request, installed once per process by `src/instrumentation.ts`:
 *
 * - **The address the request came from.** Next.js gives route handlers no
 *   socket, and it writes the socket's address into X-Forwarded-For only when
 *   the request has none (`x-forwarded-for ??= remoteAddress`), so a client
 *   that sends its own header hides its address. Each request gets a header
 *   with the socket's address, signed with a token this process made at start:
 *   a client cannot forge it, and a value that arrives from outside is replaced.
 * - **Methods no page or API answers.** TRACE and TRACK reached Next.js, which
 *   cannot make a Request of them and dropped the connection or answered 500;
 *   they are answered 405 here.
 *
 * It patches `http.Server.prototype.emit` for the `request` event: the one
 * hook Node offers on a server this code does not create (Next.js's own
 * server.js creates it, in `npm start` and in the container image alike).
 */

export const peerHeader = 'x-agency-peer';
const refusedMethods = new Set(['TRACE', 'TRACK']);
export const allowedMethods = 'GET, HEAD, POST, OPTIONS';

type GuardState = { token: string };
const slot = Symbol.for('agency-site.connection-guard');
const registry = globalThis as Record<symbol, GuardState | undefined>;

export function installConnectionGuard(): void {
  if (registry[slot]) return;
  const state: GuardState = { token: randomBytes(16).toString('hex') };
  registry[slot] = state;
  // Called below with the server as `this` (emit.apply), as Node.js calls it.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitWithGuard(
    this: http.Server,
    event: string | symbol,
    ...args: unknown[]
  ): boolean {
    if (event === 'request') {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      if (refusedMethods.has(request.method ?? '')) {
        response.writeHead(405, {
          Allow: allowedMethods,
          'Content-Type': 'text/plain; charset=utf-8',
          'Cache-Control': 'no-store',
        });
        response.end('405 Method Not Allowed\n');
        return true;
      }
      request.headers[peerHeader] = `${state.token} ${request.socket.remoteAddress ?? ''}`;
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof http.Server.prototype.emit;
}

/** The address of the connection a request came on, when the guard recorded it. */
export function peerAddress(headers: { get(name: string): string | null }): string | undefined {
  const state = registry[slot];
  const value = headers.get(peerHeader);
  if (!state || !value) return undefined;
  const space = value.indexOf(' ');
  if (space < 0 || value.slice(0, space) !== state.token) return undefined;
  return value.slice(space + 1) || undefined;
}
