/**
 * After `next build`, for each prerendered page (and the standalone output's
 * copy of it, when there is one):
 *
 * 1. its chunk scripts are loaded after the first paint by one inline loader,
 *    and the Onest faces its language needs are preloaded
 *    (src/lib/performance/page-loading.ts, src/lib/fonts/preloads.ts);
 * 2. it gets a Content-Security-Policy `<meta>` tag that lists the SHA-256 of
 *    each of its inline scripts, the loader included, so that no other inline
 *    script can run there (src/lib/security/headers.ts says why not a nonce).
 *
 * 3. with `output: 'standalone'`, the standalone folder gets what Next.js
 *    leaves out of it: the hashed assets (.next/static), public/, the SQL
 *    migrations, and the outbox worker and the migration command bundled into
 *    worker.mjs and migrate.mjs, so the folder alone runs everything (the
 *    container image is that folder).
 *
 * Runs again safely on the same build. Pages rendered per request (the 404
 * page, a calculator link with choices in it) keep Next's own loading and the
 * header policy.
 *
 *   tsx scripts/postbuild.mts [.next]
 */
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { langCodes, type LangCode } from '../src/i18n/locales';
import { builtFontUrl, preloadedFonts } from '../src/lib/fonts/preloads';
import { addFontPreloads, deferChunkScripts } from '../src/lib/performance/page-loading';
import { addPagePolicy } from '../src/lib/security/page-policy';

const distDir = process.argv[2] ?? '.next';
// The standalone output (when configured) holds its own copy of the pages.
const roots = [
  path.join(distDir, 'server/app'),
  path.join(distDir, 'standalone', distDir, 'server/app'),
];

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(file);
    else if (entry.name.endsWith('.html')) yield file;
  }
}

const stylesheets = new Map<string, string>();
async function stylesheet(href: string): Promise<string> {
  let css = stylesheets.get(href);
  if (css === undefined) {
    css = await readFile(path.join(distDir, href.replace(/^\/_next\//, '')), 'utf8');
    stylesheets.set(href, css);
  }
  return css;
}

/** The built URLs of the faces a page's language preloads, found in the page's stylesheets. */
async function fontUrls(html: string, lang: LangCode): Promise<string[]> {
  const hrefs = [...html.matchAll(/<link rel="stylesheet" href="(\/_next\/static\/[^"]+\.css)"/g)];
  const sheets = await Promise.all(hrefs.map(([, href]) => stylesheet(href!)));
  return preloadedFonts[lang].map((file) => {
    const url = sheets.map((css) => builtFontUrl(css, file)).find(Boolean);
    if (!url) throw new Error(`postbuild: no stylesheet of a ${lang} page declares ${file}`);
    return url;
  });
}

let pages = 0;
let deferred = 0;
let scripts = 0;
for (const root of roots) {
  for await (const file of htmlFiles(root)) {
    let html = await readFile(file, 'utf8');
    const lang = path
      .relative(root, file)
      .split(path.sep)[0]
      ?.replace(/\.html$/, '');
    if (langCodes.includes(lang as LangCode)) {
      const result = deferChunkScripts(html);
      if (result.sources.length > 0) deferred += 1;
      html = addFontPreloads(result.html, await fontUrls(result.html, lang as LangCode));
    }
    const { html: pinned, hashes } = addPagePolicy(html);
    await writeFile(file, pinned);
    pages += 1;
    scripts += hashes.length;
  }
}
if (pages === 0) {
  console.error(`postbuild: no prerendered pages under ${roots[0]}; run next build first`);
  process.exit(1);
}
console.log(
  `postbuild: ${pages} pages; chunks loaded after first paint on ${deferred}; ${scripts} inline scripts pinned by hash`,
);

const standalone = path.join(distDir, 'standalone');
if (existsSync(path.join(standalone, 'server.js'))) {
  await cp(path.join(distDir, 'static'), path.join(standalone, distDir, 'static'), {
    recursive: true,
  });
  await cp('public', path.join(standalone, 'public'), { recursive: true });
  await cp('drizzle', path.join(standalone, 'drizzle'), { recursive: true });
  await build({
    entryPoints: { worker: 'scripts/worker.mts', migrate: 'scripts/db-migrate.mts' },
    outdir: standalone,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: 'tsconfig.json',
    // `server-only` guards the browser bundles; this file never reaches a browser.
    alias: { 'server-only': './scripts/server-only-stub.ts' },
    // Loaded from the standalone node_modules, where Next.js traced them for the server.
    external: ['pg', 'pino', 'nodemailer', '@electric-sql/pglite', '@electric-sql/pglite-socket'],
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  console.log(
    `postbuild: ${standalone} completed (static files, public, migrations, worker.mjs, migrate.mjs)`,
  );
}
