import 'server-only';
import { randomBytes } from 'node:crypto';
import { onEveryRequest } from './request-hook';

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
 * It runs before Next.js on every request (./request-hook.ts).
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
  onEveryRequest((request, response) => {
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
  });
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
