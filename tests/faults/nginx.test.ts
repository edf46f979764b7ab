import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  freePort,
  newKey,
  startSite,
  waitUntil,
  watch,
  type Proc,
  type Site,
} from './support';

/**
 * deploy/nginx/site.conf, the file compose.yaml puts in front of the two
 * instances, run by Debian's nginx in front of two built servers.
 */
const nginx = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((file) => existsSync(file));
const root = path.resolve(__dirname, '../..');

describe.skipIf(!nginx && !process.env.CI)('nginx in front of two instances', () => {
  let dir: string;
  let base: string;
  let proxy: Proc;
  const sites: Site[] = [];

  beforeAll(async () => {
    if (!nginx) throw new Error('nginx is not installed: apt-get install -y nginx');
    dir = await mkdtemp(path.join(tmpdir(), 'agency-nginx-'));
    for (let i = 0; i < 2; i += 1) {
      // Each on an embedded database of its own: pages need none, leads one each.
      sites.push(await startSite({ DATA_DIR: path.join(dir, `data-${i}`), TRUSTED_PROXIES: '1' }));
    }
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const site = (await readFile(path.join(root, 'deploy/nginx/site.conf'), 'utf8'))
      .replace('/var/cache/nginx/agency', path.join(dir, 'cache'))
      .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
      .replace(/listen \[::\]:80;/, '');
    expect(site).toContain(`listen 127.0.0.1:${port};`);
    // upstream.conf names compose's services; here they are the two servers.
    const upstream = (await readFile(path.join(root, 'deploy/nginx/upstream.conf'), 'utf8'))
      .replace('site-1:3000', `127.0.0.1:${sites[0]!.port}`)
      .replace('site-2:3000', `127.0.0.1:${sites[1]!.port}`);
    expect(upstream).not.toContain('site-');
    await writeFile(path.join(dir, 'site.conf'), site);
    await writeFile(path.join(dir, 'upstream.conf'), upstream);
    for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      await mkdir(path.join(dir, temp), { recursive: true });
    await writeFile(
      path.join(dir, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        // Started by root, nginx would run its workers as nobody, who cannot use this directory.
        ...(process.getuid?.() === 0 ? ['user root;'] : []),
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log warn;`,
        'events { worker_connections 512; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  access_log off;',
        ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (temp) => `  ${temp === 'body' ? 'client_body' : temp}_temp_path ${dir}/${temp};`,
        ),
        `  include ${dir}/upstream.conf;`,
        `  include ${dir}/site.conf;`,
        '}',
      ].join('\n'),
    );
    proxy = watch(
      spawn(nginx, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], {
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    await waitUntil('nginx answers', async () => (await fetch(`${base}/api/health`)).ok);
  }, 120_000);

  afterAll(async () => {
    await proxy?.kill('SIGTERM');
    await Promise.all(sites.map((site) => site.kill('SIGTERM')));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const get = (pathname: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${pathname}`, { headers, redirect: 'manual' });

  it('caches a prerendered page, compressed once, for clients with and without gzip', async () => {
    // fetch() asks for gzip and unpacks it; the raw body is read through the header.
    const first = await get('/kz/blog', { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const second = await get('/kz/blog', { 'accept-encoding': 'gzip' });
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('content-encoding')).toBe('gzip');
    const html = await second.text();
    expect(html).toContain('<html lang="kk"');
    // A client that takes no gzip is served from the same entry, unpacked.
    const plain = await get('/kz/blog', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('x-cache')).toBe('HIT');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
    // The instance's caching rule travels with it.
    expect(second.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
  });

  it('keeps a page and its React data apart', async () => {
    // The router asks for a page's data with an `rsc` header, at the address
    // Next.js names (it redirects any other `_rsc` value there).
    const address =
      (await get('/en/contacts', { rsc: '1' })).headers.get('location') ?? '/en/contacts';
    const page = await get(address);
    expect(page.headers.get('content-type')).toContain('text/html');
    const data = await get(address, { rsc: '1' });
    expect(data.status).toBe(200);
    expect(data.headers.get('content-type')).toContain('text/x-component');
    const again = await get(address);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('content-type')).toContain('text/html');
  });

  it('serves hashed build files with their immutable caching', async () => {
    const html = await (await get('/ru')).text();
    const chunk = /<script src="(\/_next\/static\/chunks\/[^"]+\.js)"/.exec(html)![1]!;
    await get(chunk);
    const cached = await get(chunk, { 'accept-encoding': 'gzip' });
    expect(cached.headers.get('x-cache')).toBe('HIT');
    expect(cached.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await cached.arrayBuffer());
    // fetch() unpacks gzip itself; either way it is the script.
    const text = body[0] === 0x1f ? gunzipSync(body).toString() : body.toString();
    expect(text.length).toBeGreaterThan(100);
  });

  it('never caches the language redirect at / or the API', async () => {
    const kz = await get('/', { 'accept-language': 'kk' });
    const en = await get('/', { 'accept-language': 'en' });
    expect(kz.headers.get('location')).toBe('/kz');
    expect(en.headers.get('location')).toBe('/en');
    expect(en.headers.get('x-cache')).not.toBe('HIT');
    await get('/api/health');
    expect((await get('/api/health')).headers.get('x-cache')).toBeNull();
  });

  it("appends the client's address, which TRUSTED_PROXIES=1 reads: a spoofed one does not lift the limit", async () => {
    const client = new Client(() => base);
    await client.prepare();
    const statuses: (number | string)[] = [];
    // Each request claims another address in X-Forwarded-For; nginx adds the real one last.
    for (let n = 0; n < 12; n += 1) statuses.push((await client.send(n, newKey())).status);
    expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
    expect(statuses).toContain(429);
  });

  it('keeps serving when one instance is gone', async () => {
    await sites[0]!.kill('SIGKILL');
    for (const pathname of ['/ua/contacts', '/ua/privacy', '/ua/terms', '/ua/calculator']) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(200);
    }
  });
});
