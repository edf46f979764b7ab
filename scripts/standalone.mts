/**
 * After `next build` with `output: 'standalone'`: gives `.next/standalone`
 * what Next.js leaves out of it, so the folder alone runs everything (the
 * container image is that folder): the hashed assets (.next/static), public/,
 * content/,
 * the SQL migrations, and the outbox worker and the migration command bundled
 * into worker.mjs and migrate.mjs. Runs after scripts/postbuild.mts, which has
 * already finished the standalone copy of the prerendered pages.
 *
 *   tsx scripts/standalone.mts [.next]
 */
import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const distDir = process.argv[2] ?? process.env.NEXT_DIST_DIR ?? '.next';
const standalone = path.join(distDir, 'standalone');
if (!existsSync(path.join(standalone, 'server.js'))) {
  console.error(`standalone: no ${standalone}/server.js; is output: 'standalone' still set?`);
  process.exit(1);
}

await cp(path.join(distDir, 'static'), path.join(standalone, distDir, 'static'), {
  recursive: true,
});
await cp('public', path.join(standalone, 'public'), { recursive: true });
// The content files: the server reads the consent text's version and the samples at run time.
await cp('content', path.join(standalone, 'content'), { recursive: true });
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
  `standalone: ${standalone} completed (static files, public, content, migrations, worker.mjs, migrate.mjs)`,
);
