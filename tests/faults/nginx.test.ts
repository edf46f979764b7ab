import { mkdtemp, rm } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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
  let base: URL;
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
    base = new URL(proxy.url);
  }, 120_000);

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all(sites.map((site) => site.kill('SIGTERM')));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };
  /** A GET with exactly these headers (fetch() would add its own Accept-Encoding), body as sent. */
  const get = (pathname: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const request = http.get(
        { host: base.hostname, port: base.port, path: pathname, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode!,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      request.on('error', reject);
    });
  const text = ({ headers, body }: Answer) =>
    (headers['content-encoding'] === 'br'
      ? brotliDecompressSync(body)
      : headers['content-encoding'] === 'gzip'
        ? gunzipSync(body)
        : body
    ).toString();

  it('keeps a built page once per encoding and passes brotli through', async () => {
    const clients = {
      br: 'gzip, deflate, br, zstd',
      gzip: 'gzip, deflate',
      none: 'identity',
      'refuses br': 'br;q=0, gzip',
    };
    const html = new Set<string>();
    for (const [name, acceptEncoding] of Object.entries(clients)) {
      const first = await get('/kz/blog', { 'accept-encoding': acceptEncoding });
      const second = await get('/kz/blog', { 'accept-encoding': acceptEncoding });
      expect(first.status, name).toBe(200);
      expect(second.headers['x-cache'], name).toBe('HIT');
      const expected = { br: 'br', gzip: 'gzip', none: undefined, 'refuses br': 'gzip' }[name];
      expect(second.headers['content-encoding'], name).toBe(expected);
      html.add(text(second));
    }
    // One page, whatever the encoding; the instance's caching rule travels with it.
    expect(html.size).toBe(1);
    expect([...html][0]).toContain('<html lang="kk"');
    const page = await get('/kz/blog', { 'accept-encoding': 'br' });
    expect(page.headers['cache-control']).toMatch(/s-maxage=\d+/);
    expect(page.headers.vary).toContain('Accept-Encoding');
    // A browser revalidating gets a 304 without a body.
    const again = await get('/kz/blog', {
      'accept-encoding': 'br',
      'if-none-match': page.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('keeps a priced page once per currency cookie, and never the answer that sets it', async () => {
    const price = (answer: Answer) =>
      /data-testid="service-price"[^>]*>([^<]+)</.exec(text(answer))?.[1] ?? '';
    const path = '/ru/services/seo';
    await get(path, { 'accept-encoding': 'br' });
    const roubles = await get(path, { 'accept-encoding': 'br' });
    expect(roubles.headers['x-cache']).toBe('HIT');
    expect(price(roubles)).toContain('₽');
    // A visitor whose cookie names tenge never gets the roubles kept for everyone else.
    const tenge = { 'accept-encoding': 'br', cookie: 'currency=KZT' };
    const first = await get(path, tenge);
    expect(first.headers['x-cache']).not.toBe('HIT');
    expect(price(first)).toContain('₸');
    const second = await get(path, tenge);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(price(second)).toContain('₸');
    // The answer that remembers a choice is the visitor's own.
    const picked = await get(`${path}?currency=UAH`, { 'accept-encoding': 'br' });
    expect(picked.headers['set-cookie']?.[0]).toMatch(/^currency=UAH;/);
    const again = await get(`${path}?currency=UAH`, { 'accept-encoding': 'br' });
    expect(again.headers['x-cache']).not.toBe('HIT');
    expect(again.headers['set-cookie']?.[0]).toMatch(/^currency=UAH;/);
  });

  it('serves hashed build files with their immutable caching', async () => {
    const html = text(await get('/ru', { 'accept-encoding': 'br' }));
    const asset = /(?:src|href)="(\/_astro\/[^"]+\.(?:js|css))"/.exec(html)![1]!;
    await get(asset, { 'accept-encoding': 'br' });
    const cached = await get(asset, { 'accept-encoding': 'br' });
    expect(cached.headers['x-cache']).toBe('HIT');
    expect(cached.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(cached.headers['content-encoding']).toBe('br');
    expect(text(cached).length).toBeGreaterThan(100);
  });

  it('never keeps the language redirect at /, a 404 or the API', async () => {
    const kz = await get('/', { 'accept-language': 'kk' });
    const en = await get('/', { 'accept-language': 'en' });
    expect(kz.headers.location).toBe('/kz');
    expect(en.headers.location).toBe('/en');
    expect(en.headers['x-cache']).toBeUndefined();
    const unprefixed = [
      await get('/contacts', { 'accept-language': 'uk' }),
      await get('/contacts', { 'accept-language': 'en' }),
    ];
    expect(unprefixed.map((answer) => answer.headers.location)).toEqual([
      '/ua/contacts',
      '/en/contacts',
    ]);
    for (let i = 0; i < 2; i += 1) {
      const missing = await get('/en/no-such-page');
      expect(missing.status).toBe(404);
      expect(missing.headers['x-cache']).not.toBe('HIT');
    }
    await get('/api/health');
    const health = await get('/api/health');
    expect(health.headers['x-cache']).toBeUndefined();
    expect(health.headers['cache-control']).toBe('no-store');
  });

  it("appends the client's address, which TRUSTED_PROXIES=1 reads: a spoofed one does not lift the limit", async () => {
    const client = new Client(() => proxy.url);
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
