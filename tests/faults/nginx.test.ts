import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxBinary, startNginxFront } from '../../scripts/nginx-front.mjs';
import { Client, freePort, newKey, startSite, type Site } from './support';

/**
 * deploy/nginx/, the files compose.yaml puts in front of the two instances,
 * run by Debian's nginx in front of two built servers (scripts/nginx-front.mjs).
 * In CI nginx must be there (.ci/run installs it); elsewhere the test is
 * skipped without it.
 */
describe.skipIf(!nginxBinary && !process.env.CI)('nginx in front of two instances', () => {
  let dir: string;
  let base: string;
  let proxy: Awaited<ReturnType<typeof startNginxFront>>;
  const sites: Site[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'agency-nginx-sites-'));
    for (let i = 0; i < 2; i += 1) {
      // Each on an embedded database of its own: pages need none, leads one each.
      sites.push(await startSite({ DATA_DIR: path.join(dir, `data-${i}`), TRUSTED_PROXIES: '1' }));
    }
    proxy = await startNginxFront({
      port: await freePort(),
      upstreams: sites.map((site) => `127.0.0.1:${site.port}`),
    });
    base = proxy.url;
  }, 120_000);

  afterAll(async () => {
    await proxy?.stop();
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
