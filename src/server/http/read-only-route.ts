import 'server-only';
import type { APIRoute } from 'astro';

/**
 * The other methods of an API route that only reads (GET). Astro picks an
 * exported `ALL` before it falls back from HEAD to GET, so HEAD is sent to GET
 * here; OPTIONS says what the route allows; anything else gets 405 with the
 * same list, instead of Astro's bare 404 and two warning lines in the log for
 * every scanner's request.
 */
export function readOnlyRoute(get: APIRoute): APIRoute {
  const allow = 'GET, HEAD, OPTIONS';
  return (context) => {
    const method = context.request.method.toUpperCase();
    if (method === 'HEAD') return get(context);
    const headers = { Allow: allow, 'Cache-Control': 'no-store' };
    if (method === 'OPTIONS') return new Response(null, { status: 204, headers });
    return new Response('405 Method Not Allowed\n', {
      status: 405,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  };
}
