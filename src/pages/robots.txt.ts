import type { APIRoute } from 'astro';
import { env } from '@/env';

/** `/robots.txt`: every page may be indexed; the endpoints for machines are not pages. */
export const GET: APIRoute = () =>
  new Response(
    [
      'User-Agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /_app/',
      '',
      `Host: ${env.SITE_URL}`,
      `Sitemap: ${env.SITE_URL}/sitemap.xml`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
