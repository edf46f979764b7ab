import 'server-only';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import compression from 'compression';
import sirv from 'sirv';
import { hstsHeader, securityHeaders, type ExtraOrigins } from '@/lib/security/headers';
import { cacheControlFor, servedStatically } from './static-rules';

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
};

/** Methods nothing on the site answers; they never reach the pages. */
const refusedMethods = new Set(['TRACE', 'TRACK', 'CONNECT']);
const allowedMethods = 'GET, HEAD, POST, OPTIONS';

function plain(response: ServerResponse, status: number, text: string, headers = {}) {
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  });
  response.end(`${text}\n`);
}

/** Whether a request's path is a well-formed URL path (percent escapes included). */
function readablePath(url: string): boolean {
  if (!url.startsWith('/')) return false;
  try {
    decodeURIComponent(url.split('?')[0]!);
    return true;
  } catch {
    return false;
  }
}

/**
 * The production server (`npm start`): the pages and assets built ahead from
 * `dist/client`, each compressed once at build (brotli and gzip beside it),
 * with ETags and their cache headers; everything else, the part rendered per
 * request, through Astro's handler, compressed as it is sent. Every answer
 * carries the security headers, HSTS behind a proxy that says it spoke HTTPS.
 */
export function createSiteServer({ clientDir, app, extraOrigins }: SiteServerOptions): Server {
  const security = securityHeaders({ extra: extraOrigins });
  const files = sirv(clientDir, {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    extensions: ['html'],
    // The server decides what is static (./static-rules.ts); sirv only serves it.
    ignores: false,
    setHeaders(response, pathname) {
      response.setHeader('Cache-Control', cacheControlFor(pathname));
      if (pathname.endsWith('/rss.xml'))
        response.setHeader('Content-Type', 'application/rss+xml; charset=utf-8');
    },
  });
  const compress = compression({ threshold: 1024 });

  return createServer((request, response) => {
    for (const { key, value } of security) response.setHeader(key, value);
    if (request.headers['x-forwarded-proto']?.toString().split(',')[0]?.trim() === 'https')
      response.setHeader(hstsHeader.key, hstsHeader.value);

    const method = request.method ?? 'GET';
    if (refusedMethods.has(method))
      return plain(response, 405, '405 Method Not Allowed', { Allow: allowedMethods });
    const url = request.url ?? '/';
    // `OPTIONS *`, `GET *`, an absolute form or bad percent-encoding: not an address of the site.
    if (!readablePath(url)) return plain(response, 400, '400 Bad Request');

    const dynamic = () =>
      compress(request as never, response as never, () => {
        void app(request, response, (error?: unknown) => {
          if (error) console.error(error);
          if (!response.headersSent) plain(response, error ? 500 : 404, error ? '500' : '404');
        });
      });

    if ((method === 'GET' || method === 'HEAD') && servedStatically(url)) {
      files(request, response, dynamic);
    } else {
      dynamic();
    }
  });
}
