import type { MetadataRoute } from 'next';
import { env } from '@/env';

/** `/robots.txt`: every page may be indexed; the endpoints for machines are not pages. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', '/_app/'] },
    sitemap: `${env.SITE_URL}/sitemap.xml`,
    host: env.SITE_URL,
  };
}
