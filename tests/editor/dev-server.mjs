/**
 * The development server the editor's end-to-end test drives (docs/editing.md): `astro dev` on a scratch copy of the project in .editor-e2e/, so
 * that what the test writes through /keystatic never touches this checkout.
 * The copy sits inside the project so that it finds the project's
 * node_modules; it is made afresh at each start and ignored by git and the tools.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const copy = path.join(root, '.editor-e2e');
const port = process.env.EDITOR_E2E_PORT ?? '3200';

const items = [
  'package.json',
  'tsconfig.json',
  'astro.config.mjs',
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

/**
 * The copy finds the project's packages the way Node does, in the folder above
 * it (a link to them inside the copy would be read through by Tailwind, which
 * looks for class names in every file under the project: 120,000 files, three
 * minutes). The development server may then serve the browser's modules from
 * that folder too, which it otherwise refuses as being outside the project.
 */
const config = 'astro.config.editor-e2e.mjs';
writeFileSync(
  path.join(copy, config),
  `import config from './astro.config.mjs';

export default {
  ...config,
  vite: {
    ...config.vite,
    server: {
      ...config.vite?.server,
      fs: { ...config.vite?.server?.fs, allow: [import.meta.dirname, ${JSON.stringify(path.join(root, 'node_modules'))}] },
    },
  },
};
`,
);

const { bin } = JSON.parse(
  readFileSync(path.join(root, 'node_modules/astro/package.json'), 'utf8'),
);
const astro = path.join(root, 'node_modules/astro', bin.astro);
const args = [astro, 'dev', '--config', config, '--port', port, '--host', '127.0.0.1'];
const child = spawn(process.execPath, args, {
  cwd: copy,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: path.join(copy, 'data'),
    ASTRO_TELEMETRY_DISABLED: '1',
    // Local mode: the editor writes the copy's files.
    PUBLIC_KEYSTATIC_GITHUB_REPO: '',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
