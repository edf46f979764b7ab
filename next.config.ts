import { randomBytes } from 'node:crypto';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { langCodes } from './src/i18n/locales';
import { calculatorQueryKeys } from './src/lib/calculator/query-keys';
import { hstsHeader, securityHeaders } from './src/lib/security/headers';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

/**
 * The build's id (BEHAVIOUR.md section 6): `BUILD_ID` from the environment when
 * the deploy names its builds (a commit hash, say), else made up at build time.
 * It is compiled into the pages and into /_app/builds/*, which is how a page
 * learns that a newer build is live. (This file is read again by `next start`,
 * where the values below are not used: the compiled ones are.)
 */
const buildId =
  process.env.BUILD_ID?.trim() || `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;

const nextConfig: NextConfig = {
  poweredByHeader: false,
  generateBuildId: () => buildId,
  env: { APP_BUILD_ID: buildId, APP_BUILD_TIME: String(Date.now()) },
  reactStrictMode: true,
  // Loaded from node_modules at run time rather than bundled: PGlite reads its
  // WebAssembly and data files from its own folder; the rest are Node libraries.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@electric-sql/pglite-socket',
    'pg',
    'pino',
    'nodemailer',
  ],
  async rewrites() {
    return {
      // The calculator is static; an address that carries choices is answered
      // per request by its `selection` route (src/app/[lang]/calculator/selection).
      beforeFiles: calculatorQueryKeys.map((key) => ({
        source: `/:lang(${langCodes.join('|')})/calculator`,
        has: [{ type: 'query' as const, key }],
        destination: '/:lang/calculator/selection',
      })),
      afterFiles: [{ source: '/favicon.ico', destination: '/icons/favicon.ico' }],
      fallback: [],
    };
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: securityHeaders({ dev: process.env.NODE_ENV === 'development' }),
      },
      {
        // HTTPS ends at the proxy or CDN in front, which says so in X-Forwarded-Proto.
        source: '/:path*',
        has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }],
        headers: [hstsHeader],
      },
      {
        // Asked every hour with a cache-buster; no cache may answer for the server.
        source: '/_app/builds/latest.json',
        headers: [{ key: 'Cache-Control', value: 'no-cache, no-store, must-revalidate' }],
      },
      {
        source: '/_app/builds/meta/:file',
        headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
      },
    ];
  },
  experimental: {
    serverActions: { bodySizeLimit: '32kb' },
  },
};

export default withNextIntl(nextConfig);
