/**
 * The site under test for `npm run bench`: its page types, its production
 * build and its server (`npm start`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startProcess } from './process.mjs';

/** The first entry of a content collection that is published (drafts are not in a production build). */
function firstPublished(root, collection) {
  const dir = path.join(root, 'content', collection);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter(
      (slug) => !/^draft: true$/m.test(readFileSync(path.join(dir, slug, 'index.yaml'), 'utf8')),
    )
    .sort()[0];
}

/**
 * The page types measured, one sample address each (after the language
 * prefix). `reading` pages only read: they must load no framework runtime.
 */
export function pageTypes(root) {
  return [
    { type: 'home', path: '' },
    { type: 'service', path: '/services/web', reading: true },
    { type: 'article', path: `/blog/${firstPublished(root, 'blog')}`, reading: true },
    { type: 'blog', path: '/blog', reading: true },
    { type: 'calculator', path: '/calculator' },
    { type: 'contacts', path: '/contacts' },
    { type: 'portfolio', path: '/cases', reading: true },
    { type: 'case', path: `/cases/${firstPublished(root, 'cases')}`, reading: true },
    { type: 'about', path: '/about', reading: true },
    { type: 'privacy', path: '/privacy', reading: true },
    { type: 'terms', path: '/terms', reading: true },
  ];
}

/** A clean production build of the site into `distDir` for `siteUrl`; its duration in seconds. */
export function buildSite(root, distDir, siteUrl) {
  rmSync(path.join(root, distDir), { recursive: true, force: true });
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    env: { ...process.env, DIST_DIR: distDir, SITE_URL: siteUrl, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('the build failed');
  return (Date.now() - started) / 1000;
}

/**
 * The production server (`npm start`) of `distDir` on `port`, with an
 * embedded database of its own (in a temporary folder) unless `env` names
 * another.
 */
export async function startSite(root, { distDir, port, siteUrl, env = {} }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  try {
    const server = await startProcess({
      command: process.execPath,
      args: [path.join(root, 'scripts/start.mjs')],
      cwd: root,
      env: {
        ...process.env,
        DIST_DIR: distDir,
        PORT: String(port),
        DATA_DIR: dataDir,
        SITE_URL: siteUrl,
        LOG_LEVEL: 'error',
        // Load tests come from one machine: each request names its own address.
        TRUSTED_PROXIES: '1',
        ...env,
      },
      url: `http://localhost:${port}/ru`,
      name: 'the site',
    });
    return {
      url: server.url,
      async stop() {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The HTTP status `url` answers with (redirects not followed). */
export async function statusOf(url) {
  try {
    const response = await fetch(url, { redirect: 'manual' });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    return `error: ${error.message}`;
  }
}
