import { randomBytes } from 'node:crypto';
import type { NextConfig } from 'next';
import { PHASE_DEVELOPMENT_SERVER } from 'next/constants';
import createNextIntlPlugin from 'next-intl/plugin';
import { langCodes } from './src/i18n/locales';
import { calculatorQueryKeys } from './src/lib/calculator/query-keys';
import { cacheControl } from './src/lib/http/cache-headers';
import { analyticsFromEnv, analyticsOrigins, enabledProviders } from './src/lib/analytics/config';
import { editorInBuild } from './src/lib/editor/storage';
import { editorHeaders, hstsHeader, securityHeaders } from './src/lib/security/headers';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

/**
 * The build's id (BEHAVIOUR.md section 6): `BUILD_ID` from the environment when
 * the deploy names its builds (a commit hash, say), else made up at build time.
 * It is compiled into the pages and into /_app/builds/*, which is how a page
 * learns that a newer build is live. (The server reads this file again at start,
 * where the values below are not used: the compiled ones are.)
 */
const buildId =
  process.env.BUILD_ID?.trim() || `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;

const langs = langCodes.join('|');

// Analytics providers are fixed at build (src/lib/analytics/config.ts): the
// pages load them and the policy allows exactly their origins, or neither.
const analytics = analyticsFromEnv();

/**
 * The content editor (/keystatic, keystatic.config.ts) is part of a build only
 * when it can be used: always in development, in production in GitHub mode
 * (src/lib/editor/storage.ts). Its routes are the files named `*.editor.tsx`
 * and `*.editor.ts`, which are routes only then: a build without the editor
 * holds none of its code, and /keystatic answers 404.
 */
const defaultExtensions = ['tsx', 'ts', 'jsx', 'js'];

const makeConfig = (editor: boolean, dev: boolean): NextConfig => ({
  pageExtensions: editor ? [...defaultExtensions, 'editor.tsx', 'editor.ts'] : defaultExtensions,
  // A self-contained server in .next/standalone, completed by scripts/postbuild.mts:
  // what `npm start` runs and what the container image holds.
  output: 'standalone',
  // Another folder for a second build beside the usual one (the tests' build
  // with analytics on); `npm start` and the post-build scripts read the same variable.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Local data and test output are never part of the server, whatever a trace finds.
  outputFileTracingExcludes: {
    '**/*': ['./data/**', './test-results/**', './screenshots/**', './bench/**', './.git/**'],
  },
  poweredByHeader: false,
  // Compression is the server's (src/server/http/compression.ts, installed by
  // src/instrumentation.ts): it compresses a page whose bytes never change once,
  // not on every request as Next.js's own does.
  compress: false,
  // A page's ETag is made there too, from its bytes hashed once, not on every request.
  generateEtags: false,
  generateBuildId: () => buildId,
  env: {
    APP_BUILD_ID: buildId,
    APP_BUILD_TIME: String(Date.now()),
    // '1' when some provider is on: without one, the goal calls compile to nothing.
    APP_ANALYTICS: enabledProviders(analytics).length > 0 ? '1' : '',
    // '1' when the build has the editor: the proxy then lets /keystatic through.
    APP_EDITOR: editor ? '1' : '',
  },
  reactStrictMode: true,
  // BUILD_TYPECHECK=off: the tests' second build (scripts/analytics-test-build.mts)
  // is of the same code the first has just type-checked, which takes 15-25 s.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPECHECK === 'off' },
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
        source: `/:lang(${langs})/calculator`,
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
        headers: securityHeaders({ dev, extra: analyticsOrigins(analytics) }),
      },
      // The editor's page needs more than the site's pages (pictures it previews,
      // GitHub's API in GitHub mode); only a build with the editor has it.
      ...(editor
        ? ['/keystatic', '/keystatic/:path*'].map((source) => ({
            source,
            headers: editorHeaders({ dev }),
          }))
        : []),
      {
        // HTTPS ends at the proxy or CDN in front, which says so in X-Forwarded-Proto.
        source: '/:path*',
        has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }],
        headers: [hstsHeader],
      },
      // Pages under a language. The ones rendered per request (a calculator link
      // with choices, a 404) depend on the address alone, so they may be cached
      // the same way; nothing personal is ever in a page.
      ...[`/:lang(${langs})`, `/:lang(${langs})/:path*`].map((source) => ({
        source,
        headers: [{ key: 'Cache-Control', value: cacheControl.page }],
      })),
      ...['/images/:path*', '/flags/:path*'].map((source) => ({
        source,
        headers: [{ key: 'Cache-Control', value: cacheControl.publicFile }],
      })),
      {
        source: '/api/:path*',
        headers: [{ key: 'Cache-Control', value: cacheControl.noStore }],
      },
      {
        // Asked every hour with a cache-buster; no cache may answer for the server.
        source: '/_app/builds/latest.json',
        headers: [{ key: 'Cache-Control', value: 'no-cache, no-store, must-revalidate' }],
      },
      {
        source: '/_app/builds/meta/:file',
        headers: [{ key: 'Cache-Control', value: cacheControl.immutable }],
      },
    ];
  },
  experimental: {
    serverActions: { bodySizeLimit: '32kb' },
    // The proxy reads a form post's body to check it (src/server/http/form-post.ts),
    // which refuses anything over 32 KB: it never needs to hold more than this.
    proxyClientMaxBodySize: '64kb',
    // Every page is built ahead; what Next.js renders per request and would keep
    // (the 404 of each unknown article or service address it is asked for) stays
    // in its memory cache, bounded, instead of a new file on disk per address.
    isrFlushToDisk: false,
  },
});

export default function nextConfig(phase: string): NextConfig {
  const dev = phase === PHASE_DEVELOPMENT_SERVER;
  return withNextIntl(makeConfig(editorInBuild(dev ? 'development' : 'production'), dev));
}
