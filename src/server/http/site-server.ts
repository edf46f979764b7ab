import 'server-only';
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import compression from 'compression';
import { cacheControl } from '@/lib/http/cache-headers';
import { hstsHeader, securityHeaders, type ExtraOrigins } from '@/lib/security/headers';
import { redirectsAtStart, type RedirectEntry } from '@/server/content/redirects';
import { redirectTable } from './redirects';
import { createStaticFiles } from './static-files';
import {
  cacheControlFor,
  cacheControlOfRedirect,
  contentTypeFor,
  servedStatically,
  varyFor,
  withoutTrailingSlash,
} from './static-rules';

/** Astro's request handler (the Node adapter's middleware mode): everything not built ahead. */
export type AppHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  next?: (error?: unknown) => void,
  locals?: object,
) => void | Promise<void>;

export type SiteServerOptions = {
  /** The built pages and assets (`dist/client`). */
  clientDir: string;
  app: AppHandler;
  /** Origins the configured analytics providers add to the security policy. */
  extraOrigins?: ExtraOrigins;
  /** Where a failure in the server's own code is reported (the log). */
  onError?: (error: unknown, request: IncomingMessage) => void;
  /**
   * Redirects from the old site (./redirects.ts); by default the list in
   * content/redirects/index.yaml. Checked against `clientDir` at start: a
   * list with a problem throws, naming each one.
   */
  redirects?: readonly RedirectEntry[];
};

/** Methods nothing on the site answers; they never reach the pages. */
const refusedMethods = new Set(['TRACE', 'TRACK', 'CONNECT']);
export const allowedMethods = 'GET, HEAD, POST, OPTIONS';

const statusText: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Content Too Large',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
};

function plain(response: ServerResponse, status: number, headers: OutgoingHttpHeaders = {}) {
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': cacheControl.noStore,
    ...headers,
  });
  response.end(`${status} ${statusText[status] ?? ''}\n`);
}

/**
 * The request's path and query, or undefined when it names no address of the
 * site: `*` (`OPTIONS *`, `GET *`), or a path whose percent escapes do not
 * decode (`/ru/%FF%FE`). A request in absolute form (`GET http://host/ru`,
 * which HTTP/1.1 servers must accept) is read as its path.
 */
export function requestTarget(
  url: string,
): { raw: string; pathname: string; search: string } | undefined {
  let target = url;
  if (/^https?:\/\//i.test(target)) {
    if (!URL.canParse(target)) return undefined;
    const parsed = new URL(target);
    target = parsed.pathname + parsed.search;
  }
  if (!target.startsWith('/')) return undefined;
  const query = target.indexOf('?');
  const raw = query < 0 ? target : target.slice(0, query);
  try {
    return { raw, pathname: decodeURIComponent(raw), search: query < 0 ? '' : target.slice(query) };
  } catch {
    return undefined;
  }
}

/**
 * Whether a Host header names a host (and port) and nothing else. A request
 * with another one gets 400, as HTTP asks: the page's address is built from
 * it, and one that does not parse would lose the request's path.
 */
export function validHost(host: string): boolean {
  return /^[^\s/\\?#@]+$/.test(host) && URL.canParse(`http://${host}/`);
}

/** A whole answer written straight to a connection the HTTP parser gave up on. */
function rawAnswer(status: number, headers: [string, string][]): string {
  const body = `${status} ${statusText[status] ?? ''}\n`;
  return [
    `HTTP/1.1 ${status} ${statusText[status] ?? ''}`,
    ...headers.map(([key, value]) => `${key}: ${value}`),
    'Content-Type: text/plain; charset=utf-8',
    'Cache-Control: no-store',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * The production server (`npm start`): the pages and assets built ahead from
 * `dist/client`, each compressed once at build (brotli and gzip beside it),
 * with entity tags and their cache headers (./static-files.ts,
 * ./static-rules.ts); everything else, the part rendered per request, through
 * Astro's handler, compressed as it is sent and never stored by a cache
 * unless the route says otherwise. Every answer carries the security headers,
 * HSTS behind a proxy that says it spoke HTTPS; no request, however
 * malformed, gets a 500 or takes the process down.
 */
export function createSiteServer({
  clientDir,
  app,
  extraOrigins,
  onError = (error) => console.error(error),
  redirects: redirectEntries,
}: SiteServerOptions): Server {
  const security = securityHeaders({ extra: extraOrigins });
  const redirects = redirectTable(redirectsAtStart(clientDir, redirectEntries));
  const files = createStaticFiles({
    dir: clientDir,
    cacheControl: cacheControlFor,
    contentType: contentTypeFor,
    vary: varyFor,
  });
  const compress = compression({ threshold: 1024 });

  const fail = (request: IncomingMessage, response: ServerResponse, error: unknown) => {
    onError(error, request);
    if (!response.headersSent) plain(response, 500);
    else response.destroy();
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    for (const { key, value } of security) response.setHeader(key, value);
    if (request.headers['x-forwarded-proto']?.toString().split(',')[0]?.trim() === 'https')
      response.setHeader(hstsHeader.key, hstsHeader.value);

    const method = request.method ?? 'GET';
    if (refusedMethods.has(method)) return plain(response, 405, { Allow: allowedMethods });
    const target = requestTarget(request.url ?? '/');
    const host = request.headers.host;
    // HTTP/1.1 requires Host (HTTP/1.0 did not have it); Node's own refusal lacks the headers.
    if (host === undefined && request.httpVersion === '1.1') return plain(response, 400);
    if (!target || (host !== undefined && !validHost(host))) return plain(response, 400);
    // Astro reads the path from here; the absolute form becomes a path.
    request.url = target.raw + target.search;

    const readOnly = method === 'GET' || method === 'HEAD';
    if (readOnly) {
      // The old site's addresses first, so that one with a slash at the end
      // arrives in one hop; none of them is an address of this site.
      const moved = redirects.match(target.pathname, target.search);
      if (moved) {
        response.writeHead(301, {
          Location: moved.location,
          'Cache-Control': cacheControlOfRedirect,
        });
        return response.end();
      }
      const canonical = withoutTrailingSlash(target.raw);
      if (canonical) {
        response.writeHead(308, {
          Location: canonical + target.search,
          'Cache-Control': cacheControl.publicFile,
        });
        return response.end();
      }
      if (
        servedStatically(target.pathname, target.search, request.headers.cookie) &&
        (await files.serve(request, response, target.pathname))
      )
        return;
    }

    // What the route does not say is not stored: API answers, redirects and
    // pages made for one visitor.
    response.setHeader('Cache-Control', cacheControl.noStore);
    compress(request as never, response as never, (error?: unknown) => {
      if (error) return fail(request, response, error);
      Promise.resolve(
        app(request, response, (error?: unknown) => {
          if (error) return fail(request, response, error);
          if (!response.headersSent) plain(response, 404);
        }),
      ).catch((error: unknown) => fail(request, response, error));
    });
  }

  // Without a Host, Node would answer 400 itself, without the security headers.
  const server = createServer({ requireHostHeader: false }, (request, response) => {
    handle(request, response).catch((error: unknown) => fail(request, response, error));
  });

  const securityLines = security.map(({ key, value }): [string, string] => [key, value]);
  // A request Node's parser refuses (a method it does not know, such as
  // TRACK; a malformed line; headers too large) gets a proper answer with the
  // security headers instead of Node's bare one, then the connection closes.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const busy = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || busy?.headersSent) {
      socket.destroy();
      return;
    }
    const status =
      error.code === 'HPE_INVALID_METHOD'
        ? 405
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? 431
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? 408
            : 400;
    const extra: [string, string][] = status === 405 ? [['Allow', allowedMethods]] : [];
    socket.end(rawAnswer(status, [...securityLines, ...extra]));
  });
  // CONNECT never reaches 'request' (Node hands the socket over as a tunnel).
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    socket.end(rawAnswer(405, [...securityLines, ['Allow', allowedMethods]]));
  });
  // `Expect` with anything but 100-continue: Node's own 417 would lack the headers.
  server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    for (const { key, value } of security) response.setHeader(key, value);
    response.writeHead(417, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    response.end('417 Expectation Failed\n');
  });
  return server;
}
