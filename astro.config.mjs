// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import keystatic from '@keystatic/astro';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { loadEnv } from 'vite';
import { analyticsFromEnv, analyticsOrigins } from './src/lib/analytics/config.ts';
import { buildConstants } from './src/lib/builds/constants.ts';
import { errorTrackingConstants } from './src/lib/monitoring/build-config.ts';
import { pageScriptSources } from './src/lib/security/headers.ts';
import { siteEditor } from './src/lib/editor/integration.ts';
import { editorInBuild } from './src/lib/editor/storage.ts';
import { serverOnly } from './src/lib/build/server-only-plugin.ts';

const dev = process.argv.includes('dev');

/**
 * The content editor (/keystatic, keystatic.config.ts) is part of a build only
 * when it can be used: always in development, in production in GitHub mode
 * (src/lib/editor/storage.ts), with what the site adds around it
 * (src/lib/editor/integration.ts). A build without it holds none of its code,
 * and /keystatic is a 404 like any other unknown address. Its settings are
 * read as Vite reads them into the editor's code: the environment, then the
 * .env files.
 */
const editorMode = dev ? 'development' : 'production';
const editor = editorInBuild(editorMode, loadEnv(editorMode, process.cwd(), 'PUBLIC_KEYSTATIC_'));

/**
 * The site: pages under a language prefix, rendered ahead (the default here),
 * React components rendered to HTML with script only in the parts a visitor
 * operates (`client:*`). What runs per request opts out with
 * `export const prerender = false`: `/`, addresses without a language or that
 * name nothing, a form sent without JavaScript, the calculator's address with
 * choices, and the API. The Node adapter builds that part as a handler
 * (`mode: 'middleware'`) that the site's own server (src/server/http/) runs
 * behind the static files.
 */
/** Packages that run in Node only, from node_modules as they are. */
const nodeOnly = ['@electric-sql/pglite', 'pg', 'pino', 'nodemailer', '@resvg/resvg-js'];

/** Another folder for a second build beside the usual one (the tests' build with analytics on). */
const outDir = process.env.DIST_DIR || 'dist';

export default defineConfig({
  site: process.env.SITE_URL,
  outDir,
  cacheDir: `node_modules/.astro/${outDir.replace(/[^\w.-]/g, '_')}`,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'never' },
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), ...(editor ? [keystatic(), siteEditor()] : [])],
  // Links to other pages are fetched when a visitor shows intent (hover, focus,
  // touch), so the next page is usually there by the time of the click.
  prefetch: { prefetchAll: true, defaultStrategy: 'hover' },
  security: {
    // A form may only be posted from the site itself (origin checked by the
    // site's own form handling, which answers in the visitor's language).
    checkOrigin: false,
    // Each page carries a policy that lists the hashes of Astro's own inline
    // scripts (the islands' loader) and the analytics providers the build turns
    // on; the server's header policy (src/lib/security/headers.ts) adds the rest.
    csp: {
      scriptDirective: {
        resources: pageScriptSources(analyticsOrigins(analyticsFromEnv(process.env))),
      },
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  devToolbar: { enabled: false },
  // Markdown is rendered by the site's own pipeline (src/lib/markdown), not Astro's.
  markdown: { syntaxHighlight: false },
  server: { port: Number(process.env.PORT ?? 4321) },
  vite: {
    plugins: [tailwindcss(), serverOnly()],
    // Every asset is a file of its own: the security policy allows no data: URLs,
    // and a page's preloaded font must be the very file its stylesheet names.
    build: { assetsInlineLimit: 0 },
    // With the build's own constants, the browser's error reports (PUBLIC_SENTRY_DSN,
    // only beside an analytics provider) and the origin the security policy allows them.
    define: { ...buildConstants(process.env), ...errorTrackingConstants(process.env) },
    resolve: {
      alias: { '@/': new URL('./src/', import.meta.url).pathname },
    },
    ssr: {
      // Loaded from node_modules at run time rather than bundled: PGlite reads
      // its WebAssembly and data files from its own folder; the rest are Node libraries.
      external: nodeOnly,
      // The fence's marker is resolved by the plugin above, never by Node.
      noExternal: ['server-only'],
    },
    // The development server pre-bundles browser dependencies; these are not any.
    optimizeDeps: { exclude: nodeOnly },
  },
});
