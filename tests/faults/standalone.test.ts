import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, waitUntil, watch, workerStarted, type Proc } from './support';

const root = path.resolve(import.meta.dirname, '../..');

/*
 * The container image is .next/standalone and nothing else (Dockerfile). This
 * copies that folder somewhere else and runs it the way the image does, so a
 * file the server still reads from the project would show here.
 */
describe('the standalone folder on its own, as the container runs it', () => {
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
    await cp(path.join(root, '.next/standalone'), path.join(dir, 'app'), { recursive: true });
    const env = { DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'info' };

    const migrate = run(['migrate.mjs'], env);
    expect((await migrate.exited).code, migrate.lines.join('\n')).toBe(0);

    const port = await freePort();
    server = run(['server.js'], { ...env, PORT: String(port), HOSTNAME: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    await waitUntil('the server answers', async () => (await fetch(`${base}/api/health`)).ok);
    // One warning names every fictional sample item the site still publishes.
    const samples = server.lines.filter((line) => line.includes('"event":"content.samples"'));
    expect(samples, server.lines.join('\n')).toHaveLength(1);
    for (const name of ['Steppe Bean Roasters', 'About', 'contacts', 'Asel Mukanova'])
      expect(samples[0]).toContain(name);
    for (const page of ['/ru', '/kz/services/web', '/en/calculator?type=shop&size=40'])
      expect((await fetch(`${base}${page}`)).status, page).toBe(200);

    // A 404 is the whole page, naming the address, and an unknown address,
    // however many are asked for, leaves nothing behind in the server's folder.
    const files = async () => new Set(await readdir(path.join(dir, 'app'), { recursive: true }));
    const before = await files();
    for (const page of ['/ru/no-such-page', '/en/blog/no-such-article', '/kz/services/nope']) {
      const response = await fetch(`${base}${page}`);
      expect(response.status, page).toBe(404);
      const html = await response.text();
      expect(html, page).not.toContain('__next_error__');
      expect(html, page).toMatch(new RegExp(`data-testid="not-found-message">[^<]*: ${page}</h1>`));
    }
    expect([...(await files())].filter((file) => !before.has(file))).toEqual([]);
    const [font] = (await readdir(path.join(dir, 'app/.next/static/media'))).filter((name) =>
      name.endsWith('.woff2'),
    );
    expect((await fetch(`${base}/_next/static/media/${font}`)).status).toBe(200);
    expect((await fetch(`${base}/flags/kz.svg`)).status).toBe(200);
    expect((await fetch(`${base}/api/leads/token`)).status).toBe(200);

    const worker = run(['worker.mjs'], env);
    await workerStarted(worker);
    expect((await worker.kill('SIGTERM')).code).toBe(0);
  });
});
