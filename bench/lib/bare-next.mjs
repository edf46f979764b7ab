/**
 * The bare Next.js page of `npm run bench`: an App Router page with one client
 * button that shows a panel, the least a Next.js page can do. It lives in
 * bench/.bare-next (git-ignored) with an install of its own, pinned below, so
 * the project needs no Next.js and the comparison does not move when the
 * project's dependencies do.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startProcess } from './process.mjs';

/** Next.js of the last Next.js version of this site; React as the site's own. */
export const bareNextVersions = { next: '16.4.6', react: '19.3.1', 'react-dom': '19.3.1' };

const files = {
  'package.json': `${JSON.stringify(
    { name: 'bare-next', private: true, dependencies: bareNextVersions },
    null,
    2,
  )}\n`,
  // Its own folder is its root: without this, Next.js would take the project's
  // lockfile above it for the workspace's.
  'next.config.mjs': `const root = import.meta.dirname;
export default { turbopack: { root }, outputFileTracingRoot: root };
`,
  'app/layout.jsx': `export const metadata = { title: 'Bare', description: 'A bare Next.js page.' };
export default function Layout({ children }) {
  return (<html lang="en"><body>{children}</body></html>);
}
`,
  'app/button.jsx': `'use client';
import { useState } from 'react';
export function Toggle() {
  const [open, setOpen] = useState(false);
  return (<>
    <button type="button" id="toggle" aria-expanded={open} onClick={() => setOpen(!open)}>Menu</button>
    {open ? <nav id="panel">Panel</nav> : null}
  </>);
}
`,
  'app/page.jsx': `import { Toggle } from './button';
export default function Page() {
  return (<main><h1>A bare Next.js page</h1><Toggle /><p>Nothing else.</p></main>);
}
`,
};

/** Writes a file only when its content changed (so an unchanged page keeps its build). */
function writeIfChanged(file, content) {
  if (existsSync(file) && readFileSync(file, 'utf8') === content) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return true;
}

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

/**
 * Writes, installs (when the pinned versions are not there yet) and builds the
 * page in `root`/bench/.bare-next; `reuse` keeps a build made from the same
 * files. Returns the folder.
 */
export function buildBareNext(root, { reuse = false, log = () => {} } = {}) {
  const dir = path.join(root, 'bench/.bare-next');
  let changed = false;
  for (const [name, content] of Object.entries(files))
    changed = writeIfChanged(path.join(dir, name), content) || changed;
  const installed = path.join(dir, 'node_modules/next/package.json');
  if (
    !existsSync(installed) ||
    JSON.parse(readFileSync(installed, 'utf8')).version !== bareNextVersions.next
  ) {
    log(`installing next@${bareNextVersions.next} in bench/.bare-next …`);
    // Its own install, never the project's node_modules: `--prefix` names the folder.
    const result = spawnSync(
      'npm',
      ['install', '--prefix', dir, '--no-audit', '--no-fund', '--ignore-scripts'],
      { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], env },
    );
    if (result.status !== 0) throw new Error('npm install in bench/.bare-next failed');
    changed = true;
  }
  if (reuse && !changed && existsSync(path.join(dir, '.next/BUILD_ID'))) return dir;
  log('building the bare Next.js page …');
  rmSync(path.join(dir, '.next'), { recursive: true, force: true });
  const result = spawnSync(process.execPath, [nextBin(dir), 'build', dir], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  if (result.status !== 0) throw new Error('the bare Next.js page did not build');
  return dir;
}

const nextBin = (dir) => path.join(dir, 'node_modules/next/dist/bin/next');

/** `next start` of the bare page on `port`; resolves once it answers. */
export function startBareNext(dir, port) {
  return startProcess({
    command: process.execPath,
    args: [nextBin(dir), 'start', dir, '-p', String(port), '-H', '127.0.0.1'],
    cwd: dir,
    env: { ...env, NODE_ENV: 'production' },
    url: `http://127.0.0.1:${port}/`,
    name: 'the bare Next.js page',
  });
}
