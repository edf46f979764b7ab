import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControl } from '@/lib/http/cache-headers';
import { securityHeaders } from '@/lib/security/headers';
import type { RedirectEntry } from '@/server/content/redirects';
import { createSiteServer, type AppHandler } from '@/server/http/site-server';

/*
 * The production server (src/server/http/site-server.ts) on a folder of a few
 * files standing in for `dist/client`, with a stand-in for Astro's handler
 * that says what it was asked. Nothing is built.
 */

const page = `<!doctype html><html lang="ru"><title>Главная</title>${'<p>Текст страницы.</p>'.repeat(200)}</html>`;
const script = `export const x = ${JSON.stringify('a'.repeat(3000))};`;
const files: Record<string, string | Buffer> = {
  'ru.html': page,
  'ru.html.br': brotliCompressSync(page),
  'ru.html.gz': gzipSync(page),
  'en/blog.html': '<!doctype html><html lang="en"><title>Blog</title></html>',
  'en/gone.html': '<!doctype html><title>Soon gone</title>',
  '_astro/app.Ab12Cd.js': script,
  '_astro/app.Ab12Cd.js.br': brotliCompressSync(script),
  'flags/kz.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'ru/blog/rss.xml': '<?xml version="1.0"?><rss/>',
  'google0123.html': 'google-site-verification: google0123.html',
  'archive.gz': gzipSync('an archive of its own'),
  '.secret': 'never served',
  'api/health': 'a file where the API is',
};

/** What the stand-in for Astro's handler does, by path. */
const app: AppHandler = (request, response, next) => {
  const url = request.url ?? '';
  if (url === '/throws') throw new Error('thrown');
  if (url === '/rejects') return Promise.reject(new Error('rejected'));
  if (url === '/next') return next?.();
  if (url === '/next-error') return next?.(new Error('passed on'));
  const headers: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8' };
  if (url === '/api/cached') headers['Cache-Control'] = 'public, max-age=60';
  response.writeHead(url.startsWith('/api/') ? 200 : 404, headers);
  response.end(`app: ${request.method} ${url}${url === '/api/big' ? ' '.repeat(5000) : ''}`);
};

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

let dir: string;
let server: http.Server;
let port: number;
const errors: unknown[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ops-site-server-'));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  server = createSiteServer({ clientDir: dir, app, onError: (error) => errors.push(error) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

function ask(target: string, headers: Record<string, string> = {}, method = 'GET', at = port) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: at, path: target, method, headers });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** A request written as it is, for what an HTTP client will not send; the raw answer. */
function raw(lines: string, at = port): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(at, '127.0.0.1', () => socket.write(lines));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

const security = securityHeaders();
function expectSecurityHeaders(headers: IncomingHttpHeaders) {
  for (const { key, value } of security) expect(headers[key.toLowerCase()], key).toBe(value);
}

describe('files built ahead', () => {
  it("answer a priced page in its language's currency; another one is rendered for the visitor", async () => {
    expect((await ask('/ru', { cookie: 'currency=RUB' })).body.toString()).toBe(page);
    expect((await ask('/ru', { cookie: 'currency=XYZ' })).body.toString()).toBe(page);
    expect((await ask('/ru', { cookie: 'currency=KZT' })).body.toString()).toBe('app: GET /ru');
    expect((await ask('/ru?currency=UAH')).body.toString()).toBe('app: GET /ru?currency=UAH');
    // A page without prices is the same for every currency.
    const blog = await ask('/en/blog', { cookie: 'currency=KZT' });
    expect(blog.body.toString()).toContain('<title>Blog</title>');
    expect(blog.headers.vary).toBeUndefined();
  });

  it('are sent in the best encoding compressed at build, with the security headers', async () => {
    const br = await ask('/ru', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['cache-control']).toBe(cacheControl.page);
    // The home page shows prices: another currency in the visitor's cookie is another page.
    expect(br.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(br.headers['strict-transport-security']).toBeUndefined();
    expectSecurityHeaders(br.headers);

    const gzip = await ask('/ru', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    const plain = await ask('/ru');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(page));
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it('answer a repeat with 304, carrying the validators and the caching again', async () => {
    const first = await ask('/ru', { 'accept-encoding': 'br' });
    const tag = first.headers.etag!;
    expect(tag).toMatch(/^W\/"[\da-f]+-[\da-f]+"$/);
    for (const condition of [tag, `"other", ${tag}`, tag.slice(2), '*']) {
      const again = await ask('/ru', { 'accept-encoding': 'br', 'if-none-match': condition });
      expect(again.status, condition).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(tag);
      expect(again.headers['cache-control']).toBe(cacheControl.page);
      expectSecurityHeaders(again.headers);
    }
    // Another encoding's copy is another entity.
    expect((await ask('/ru', { 'accept-encoding': 'gzip', 'if-none-match': tag })).status).toBe(
      200,
    );
    const since = { 'if-modified-since': first.headers['last-modified']! };
    expect((await ask('/ru', since)).status).toBe(304);
  });

  it('answer HEAD with the headers alone', async () => {
    const head = await ask('/ru', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(Number(head.headers['content-length'])).toBe(gzipSync(page).length);
  });

  it('carry the caching of their kind', async () => {
    const asset = await ask('/_astro/app.Ab12Cd.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['content-encoding']).toBe('br');
    const flag = await ask('/flags/kz.svg', { 'accept-encoding': 'br' });
    expect(flag.headers['cache-control']).toBe(cacheControl.publicFile);
    expect(flag.headers['content-encoding']).toBeUndefined();
    expect(flag.headers.vary).toBeUndefined();
    expect((await ask('/ru/blog/rss.xml')).headers['content-type']).toBe(
      'application/rss+xml; charset=utf-8',
    );
    expect((await ask('/en/blog')).headers['cache-control']).toBe(cacheControl.page);
  });

  it('are found by a percent-encoded address, and sent whole whatever Range asks', async () => {
    expect((await ask('/r%75')).body.toString()).toBe(page);
    for (const range of ['bytes=5-2', 'bytes=-5', 'bytes=0-0,5-6', 'bytes=99999999-', 'rubbish']) {
      const answer = await ask('/ru', { range });
      expect(answer.status, range).toBe(200);
      expect(answer.body.toString(), range).toBe(page);
    }
  });

  it('are a page by its address only; a file of its own keeps its name', async () => {
    expect((await ask('/ru.html')).body.toString()).toBe('app: GET /ru.html');
    expect((await ask('/en/blog.html')).body.toString()).toBe('app: GET /en/blog.html');
    expect((await ask('/google0123.html')).body.toString()).toContain('verification');
    const archive = await ask('/archive.gz');
    expect(archive.headers['content-type']).toBe('application/gzip');
    expect(archive.headers['content-encoding']).toBeUndefined();
  });

  it('never include dotfiles, the API, or a file gone since start', async () => {
    expect((await ask('/.secret')).body.toString()).toBe('app: GET /.secret');
    expect((await ask('/api/health')).body.toString()).toBe('app: GET /api/health');
    expect((await ask('/en/gone')).status).toBe(200);
    await rm(path.join(dir, 'en/gone.html'));
    expect((await ask('/en/gone')).body.toString()).toBe('app: GET /en/gone');
  });
});

describe('an address with a slash at the end', () => {
  it('is sent to the one without it, query kept', async () => {
    const answer = await ask('/ru/?utm_source=x');
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe('/ru?utm_source=x');
    expectSecurityHeaders(answer.headers);
  });

  it('is never sent to another site', async () => {
    for (const target of ['//evil.example/', '/\\evil.example/']) {
      const answer = await ask(target);
      expect(answer.headers.location, target).toBeUndefined();
      expect(answer.status, target).toBe(404);
    }
  });
});

describe('redirects from the old site', () => {
  const oldSite: RedirectEntry[] = [
    { from: '/uslugi/seo', to: '/ru', note: 'Tilda' },
    { from: '/page12345.html', to: '/en/blog' },
    { from: '/?p=123', to: '/en/blog', note: 'WordPress' },
    { from: '/feed/*', to: '/ru/blog/*' },
    { from: '/wp-content/*', to: 'https://files.example.kz/*' },
  ];
  let moved: http.Server;
  let at: number;

  beforeAll(async () => {
    moved = createSiteServer({ clientDir: dir, app, redirects: oldSite });
    await new Promise<void>((resolve) => moved.listen(0, '127.0.0.1', resolve));
    at = (moved.address() as AddressInfo).port;
  });
  afterAll(async () => {
    moved.closeAllConnections();
    await new Promise((resolve) => moved.close(resolve));
  });

  it('answer 301 in one hop, with the security headers and a day’s caching', async () => {
    const hops: [string, string][] = [
      ['/uslugi/seo', '/ru'],
      // Not first to /uslugi/seo by the slash rule, then on: one hop.
      ['/uslugi/seo/?utm_source=old', '/ru?utm_source=old'],
      ['/page12345.html', '/en/blog'],
      ['/?utm_source=x&p=123', '/en/blog'],
      ['/feed/rss.xml?x=1', '/ru/blog/rss.xml?x=1'],
      ['/wp-content/uploads/price.pdf', 'https://files.example.kz/uploads/price.pdf'],
    ];
    for (const [target, location] of hops) {
      for (const method of ['GET', 'HEAD']) {
        const answer = await ask(target, { 'x-forwarded-proto': 'https' }, method, at);
        expect(answer.status, `${method} ${target}`).toBe(301);
        expect(answer.headers.location, target).toBe(location);
        expect(answer.headers['cache-control'], target).toBe('public, max-age=86400');
        expect(answer.headers['strict-transport-security'], target).toMatch(/^max-age=/);
        expectSecurityHeaders(answer.headers);
      }
      // Where it sends the visitor is a page, not another redirect.
      if (location.startsWith('/')) expect((await ask(location, {}, 'GET', at)).status).toBe(200);
    }
  });

  it('come before the files and Astro, and leave the site’s own addresses and other methods alone', async () => {
    // An old address that names nothing here would be Astro's 404.
    expect((await ask('/page12345.html')).body.toString()).toBe('app: GET /page12345.html');
    expect((await ask('/uslugi/seo', {}, 'POST', at)).body.toString()).toBe(
      'app: POST /uslugi/seo',
    );
    expect((await ask('/ru', {}, 'GET', at)).status).toBe(200);
    expect((await ask('/', {}, 'GET', at)).body.toString()).toBe('app: GET /');
    expect((await ask('/?p=124', {}, 'GET', at)).body.toString()).toBe('app: GET /?p=124');
    expect((await ask('/Uslugi/seo', {}, 'GET', at)).status).toBe(404);
  });

  it('never hide an address of the site: the server does not start with such a list, or a loop', () => {
    for (const [entries, problem] of [
      [[{ from: '/ru', to: '/en/blog' }], /\/ru is an address of this site/],
      [[{ from: '/flags/*', to: '/ru' }], /would hide \/flags\/kz\.svg/],
      [[{ from: '/api/health', to: '/ru' }], /\/api\/health is an address of this site/],
      [
        [
          { from: '/a', to: '/b' },
          { from: '/b', to: '/a' },
        ],
        /a loop, \/a → \/b → \/a/,
      ],
      [[{ from: '/a', to: '/ru/nope' }], /no page at \/ru\/nope/],
    ] as [RedirectEntry[], RegExp][])
      expect(() => createSiteServer({ clientDir: dir, app, redirects: entries })).toThrow(problem);
  });
});

describe('what is rendered per request', () => {
  it('is never stored unless the route says so, and is compressed as it is sent', async () => {
    const small = await ask('/api/thing');
    expect(small.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(small.headers);
    expect((await ask('/api/cached')).headers['cache-control']).toBe('public, max-age=60');
    const big = await ask('/api/big', { 'accept-encoding': 'gzip' });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(big.body).toString()).toMatch(/^app: GET \/api\/big {5000}$/);
    const head = await ask('/api/thing', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('includes every other method and the calculator with choices', async () => {
    expect((await ask('/ru', {}, 'POST')).body.toString()).toBe('app: POST /ru');
    expect((await ask('/ru/calculator?type=shop')).body.toString()).toBe(
      'app: GET /ru/calculator?type=shop',
    );
  });

  it('answers 500 with the security headers when the handler fails, and the server goes on', async () => {
    for (const target of ['/throws', '/rejects', '/next-error']) {
      const answer = await ask(target);
      expect(answer.status, target).toBe(500);
      expectSecurityHeaders(answer.headers);
    }
    expect(errors).toHaveLength(3);
    expect((await ask('/next')).status).toBe(404);
    expect((await ask('/ru')).status).toBe(200);
  });
});

describe('requests that name no address of the site', () => {
  it('are 400 with the security headers, never 500', async () => {
    for (const target of ['/ru/%FF%FE', '/%E0%A4%A']) {
      const answer = await ask(target, { 'x-forwarded-proto': 'https' });
      expect(answer.status, target).toBe(400);
      expectSecurityHeaders(answer.headers);
      expect(answer.headers['strict-transport-security']).toMatch(/^max-age=/);
    }
    for (const method of ['GET', 'OPTIONS']) {
      const answer = await raw(`${method} * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer, method).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('X-Content-Type-Options: nosniff');
    }
  });

  it('are 400 when the Host header names no host', async () => {
    for (const host of ['a b', 'evil.example/x', 'user@evil.example', 'x\\y', ':3000']) {
      const answer = await ask('/ru', { host });
      expect(answer.status, host).toBe(400);
      expectSecurityHeaders(answer.headers);
    }
    for (const host of ['example.com', 'localhost:3000', '[::1]:3000', '127.0.0.1'])
      expect((await ask('/ru', { host })).status, host).toBe(200);
  });

  it('are 400 with the security headers when HTTP/1.1 names no Host; HTTP/1.0 needs none', async () => {
    const none = await raw('GET /ru HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(none).toMatch(/^HTTP\/1\.1 400 /);
    expect(none).toContain('X-Content-Type-Options: nosniff');
    expect(none).toContain('Content-Security-Policy: ');
    expect(await raw('GET /ru HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('and their relatives never reach a 500', async () => {
    const answers: [string, Record<string, string>, number][] = [
      ['/%', {}, 400],
      ['/ru/%E0%A4%A', {}, 400],
      ['/ru/..%2f..%2fetc/passwd', {}, 404],
      ['/_astro/..%2F..%2Fserver.mjs', {}, 404],
      [`/${'a'.repeat(10_240)}`, {}, 404],
      ['/.env', { 'x-forwarded-proto': 'https,http' }, 404],
      ['/.env', { 'x-forwarded-host': 'evil.example/x' }, 404],
      ['/.env', { 'x-forwarded-host': ':0' }, 404],
    ];
    for (const [target, headers, status] of answers) {
      const answer = await ask(target, headers);
      expect(answer.status, target.slice(0, 40)).toBe(status);
      expectSecurityHeaders(answer.headers);
    }
    for (const method of ['HEAD', 'POST', 'PUT']) {
      const answer = await raw(`${method} * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer, method).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer, method).toContain('X-Content-Type-Options: nosniff');
    }
  });

  it('are read by their path in the absolute form HTTP/1.1 allows', async () => {
    const answer = await raw('GET http://x/ru HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('Главная');
  });
});

describe('methods and malformed requests', () => {
  it('refuses TRACE, TRACK and CONNECT with 405, naming the methods it takes', async () => {
    const trace = await ask('/', {}, 'TRACE');
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    expectSecurityHeaders(trace.headers);
    for (const line of ['TRACK / HTTP/1.1', 'CONNECT example.com:443 HTTP/1.1']) {
      const answer = await raw(`${line}\r\nHost: x\r\n\r\n`);
      expect(answer, line).toMatch(/^HTTP\/1\.1 405 /);
      expect(answer, line).toContain('Allow: GET, HEAD, POST, OPTIONS');
      expect(answer, line).toContain('X-Content-Type-Options: nosniff');
    }
  });

  it('answers a request too large or malformed for the parser with the security headers', async () => {
    const big = await raw(`GET /ru HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(big).toContain('X-Content-Type-Options: nosniff');
    const broken = await raw('GET /ru HTTP/1.1\r\nHost x\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1\.1 400 /);
    const expectation = await ask('/ru', { expect: 'the-unexpected' });
    expect(expectation.status).toBe(417);
    expectSecurityHeaders(expectation.headers);
  });

  it('sends HSTS only when the proxy in front says it spoke HTTPS', async () => {
    const https = await ask('/ru', { 'x-forwarded-proto': 'https' });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await ask('/.env', { 'x-forwarded-proto': 'https' })).status).toBe(404);
    expect(
      (await ask('/ru', { 'x-forwarded-proto': 'http' })).headers['strict-transport-security'],
    ).toBeUndefined();
  });
});
