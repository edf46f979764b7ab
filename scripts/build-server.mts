/**
 * After `astro build`: completes `dist/` so that it runs on its own.
 *
 * 1. The site's server (src/server/http/main.ts), the outbox worker and the
 *    commands (migrate, backup, restore, leads) are bundled into
 *    `dist/server.mjs`, `dist/worker.mjs`, `dist/migrate.mjs`, `dist/backup.mjs`,
 *    `dist/restore.mjs` and `dist/leads.mjs`, so that the image runs them
 *    without tsx. Packages stay in node_modules, as for Astro's own server
 *    code (`dist/server`).
 * 2. Every text file built ahead (pages, styles, scripts, feeds, icons as
 *    SVG) is compressed once, with brotli and gzip, beside itself: the server
 *    sends those bytes as they are instead of compressing on every request.
 *
 * The build folder is the argument, else DIST_DIR (as for `astro build`,
 * astro.config.mjs), else `dist`.
 *
 *   tsx scripts/build-server.mts [dist]
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'esbuild';
import { analyticsFromEnv, analyticsOrigins } from '../src/lib/analytics/config';
import { errorTrackingConstants } from '../src/lib/monitoring/build-config';

const dist = process.argv[2] ?? (process.env.DIST_DIR || 'dist');

await build({
  entryPoints: {
    server: 'src/server/http/main.ts',
    worker: 'scripts/worker.mts',
    migrate: 'scripts/db-migrate.mts',
    backup: 'scripts/backup.mts',
    restore: 'scripts/restore.mts',
    leads: 'scripts/leads.mts',
  },
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  tsconfig: 'tsconfig.json',
  packages: 'external',
  // `server-only` fences the browser's bundles; these never reach a browser.
  alias: { 'server-only': './scripts/server-only-stub.ts' },
  // The providers this build's pages load (the same settings `astro build` read):
  // the server's security policy allows exactly their origins.
  define: {
    'process.env.APP_ANALYTICS_ORIGINS': JSON.stringify(
      JSON.stringify(analyticsOrigins(analyticsFromEnv(process.env))),
    ),
    // And the providers themselves: won deals go back to the counter and the
    // data stream the pages report to, in the worker too, which runs without
    // the build's settings.
    'process.env.APP_ANALYTICS_PROVIDERS': JSON.stringify(
      JSON.stringify(analyticsFromEnv(process.env)),
    ),
    // And the origin of the browser's error reports, when the build has them.
    ...errorTrackingConstants(process.env),
  },
  logLevel: 'warning',
});

const compressible = /\.(?:html|css|js|mjs|json|xml|svg|txt|webmanifest|ico)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else if (compressible.test(entry.name)) yield file;
  }
}

let count = 0;
let before = 0;
let after = 0;
for await (const file of files(path.join(dist, 'client'))) {
  const bytes = await readFile(file);
  // Too small to gain from it: the headers would outweigh the saving.
  if (bytes.length < 1024) continue;
  const br = await brotli(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = await gzipped(bytes, { level: constants.Z_BEST_COMPRESSION });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gz);
  count += 1;
  before += bytes.length;
  after += br.length;
}
const server = await stat(path.join(dist, 'server.mjs'));
console.log(
  `build-server: server.mjs (${Math.round(server.size / 1024)} KB), worker.mjs, migrate.mjs, backup.mjs, restore.mjs, leads.mjs; ` +
    `${count} files compressed (${Math.round(before / 1024)} KB, ${Math.round(after / 1024)} KB as brotli)`,
);
