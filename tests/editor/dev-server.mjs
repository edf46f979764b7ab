/**
 * The development server the editor's end-to-end test drives (README, "Editing
 * content"): `next dev` on a scratch copy of the project in .editor-e2e/, so
 * that what the test writes through /keystatic never touches this checkout.
 * The copy sits inside the project so that it finds the project's
 * node_modules; it is made afresh at each start and ignored by git and the tools.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const copy = path.join(root, '.editor-e2e');
const port = process.env.EDITOR_E2E_PORT ?? '3200';

const items = [
  'package.json',
  'tsconfig.json',
  'next.config.ts',
  'next-env.d.ts',
  'postcss.config.mjs',
  'keystatic.config.ts',
  'src',
  'content',
  'messages',
  'public',
  'drizzle',
  'scripts/server-only-stub.ts',
  // Reads an article as the build does, in the copy (tests/editor/keystatic.spec.ts).
  'tests/editor/read-article.mts',
  'tests/editor/tsconfig.read-article.json',
];

rmSync(copy, { recursive: true, force: true });
mkdirSync(copy, { recursive: true });
for (const item of items)
  if (existsSync(path.join(root, item)))
    cpSync(path.join(root, item), path.join(copy, item), { recursive: true });
// Paths written relative to the project (the fonts in node_modules) resolve as in the project.
symlinkSync('../node_modules', path.join(copy, 'node_modules'), 'dir');

const next = createRequire(import.meta.url).resolve('next/dist/bin/next');
const child = spawn(process.execPath, [next, 'dev', '--turbopack', '--port', port], {
  cwd: copy,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: path.join(copy, 'data'),
    NEXT_TELEMETRY_DISABLED: '1',
    // Local mode: the editor writes the copy's files.
    NEXT_PUBLIC_KEYSTATIC_GITHUB_REPO: '',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
