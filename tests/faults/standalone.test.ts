import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { distDir, freePort, root, waitUntil, watch, workerStarted, type Proc } from './support';

/**
 * The packages `npm ci --omit=dev` installs, from the lock file: every one not
 * marked as needed by development alone, and installed here (the lock file
 * lists every platform's builds; npm installs this machine's). Those at the
 * top of node_modules are copied with what they hold.
 */
function productionPackages(): string[] {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  return Object.entries(lock.packages)
    .filter(([name, entry]) => name.startsWith('node_modules/') && !entry.dev)
    .map(([name]) => name)
    .filter((name) => !name.slice('node_modules/'.length).includes('/node_modules/'))
    .filter((name) => existsSync(path.join(root, name)));
}

/** A copy of a folder; hard links where the file system allows (much faster, same bytes). */
async function copy(from: string, to: string) {
  await mkdir(path.dirname(to), { recursive: true });
  if (spawnSync('cp', ['-al', from, to]).status !== 0)
    await cp(from, to, { recursive: true, verbatimSymlinks: true });
}

/*
 * The container image is the build (dist), the production packages, content,
 * the SQL migrations, public and package.json, and nothing else (Dockerfile).
 * This puts exactly those in another folder and runs them the way the image
 * does, so a file the server still reads from the project would show here.
 */
describe('the built site on its own, as the container runs it', () => {
  let dir: string;
  let server: Proc | undefined;

  afterAll(async () => {
    await server?.kill('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const run = (args: string[], env: Record<string, string>) =>
    watch(
      spawn(process.execPath, args, {
        cwd: path.join(dir, 'app'),
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );

  it('migrates, serves pages, files and the API, and runs the worker', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'agency-image-'));
    const app = path.join(dir, 'app');
    await copy(distDir, path.join(app, 'dist'));
    for (const folder of ['content', 'drizzle', 'public', 'package.json'])
      await copy(path.join(root, folder), path.join(app, folder));
    for (const name of productionPackages())
      await copy(path.join(root, name), path.join(app, name));
    const env = { DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'info' };

    const migrate = run(['dist/migrate.mjs'], env);
    expect((await migrate.exited).code, migrate.lines.join('\n')).toBe(0);

    const port = await freePort();
    server = run(['dist/server.mjs'], { ...env, PORT: String(port), HOSTNAME: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    let exited = false;
    void server.exited.then(() => (exited = true));
    await waitUntil('the server answers', async () => {
      if (exited) throw new Error(`the server exited:\n${server!.lines.join('\n')}`);
      return (await fetch(`${base}/api/health`)).ok;
    });
    // One warning names every fictional sample item the site still publishes.
    const samples = server.lines.filter((line) => line.includes('"event":"content.samples"'));
    expect(samples, server.lines.join('\n')).toHaveLength(1);
    for (const name of ['Steppe Bean Roasters', 'About', 'contacts', 'Asel Mukanova'])
      expect(samples[0]).toContain(name);
    for (const page of ['/ru', '/kz/services/web', '/en/calculator?type=shop&size=40'])
      expect((await fetch(`${base}${page}`)).status, page).toBe(200);

    // A 404 is the whole page, naming the address, and an unknown address,
    // however many are asked for, leaves nothing behind in the server's folder.
    const files = async () => new Set(await readdir(app, { recursive: true }));
    const before = await files();
    for (const page of ['/ru/no-such-page', '/en/blog/no-such-article', '/kz/services/nope']) {
      const response = await fetch(`${base}${page}`);
      expect(response.status, page).toBe(404);
      const html = await response.text();
      expect(html, page).toMatch(new RegExp(`data-testid="not-found-message">[^<]*: ${page}</h1>`));
    }
    expect([...(await files())].filter((file) => !before.has(file))).toEqual([]);

    const [font] = (await readdir(path.join(app, 'dist/client/_astro'))).filter((name) =>
      name.endsWith('.woff2'),
    );
    expect(font).toBeDefined();
    const fontAnswer = await fetch(`${base}/_astro/${font}`);
    expect(fontAnswer.status).toBe(200);
    expect(fontAnswer.headers.get('content-type')).toBe('font/woff2');
    expect(fontAnswer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${base}/icon.svg`)).status).toBe(200);
    expect((await fetch(`${base}/api/leads/token`)).status).toBe(200);

    const worker = run(['dist/worker.mjs'], env);
    await workerStarted(worker);
    expect((await worker.kill('SIGTERM')).code).toBe(0);
  });
});
