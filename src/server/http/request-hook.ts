import 'server-only';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';

/** Sees a request before the server's own handlers; returns true when it has answered it. */
export type RequestHook = (request: IncomingMessage, response: ServerResponse) => boolean | void;

/**
 * Runs `hook` on every request of every HTTP server in this process, before
 * the server's handlers: Next.js creates its server itself (server.js, in
 * `npm start` and in the container image alike), and the one hook Node offers
 * on a server this code does not create is `http.Server.prototype.emit` for
 * the `request` event. A hook installed later runs first.
 */
export function onEveryRequest(hook: RequestHook): void {
  // Called below with the server as `this` (emit.apply), as Node.js calls it.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitWithHook(
    this: http.Server,
    event: string | symbol,
    ...args: unknown[]
  ): boolean {
    if (event === 'request') {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      if (hook(request, response) === true) return true;
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof http.Server.prototype.emit;
}
