import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CompressedCache,
  KnownBodies,
  compressResponse,
  negotiateEncoding,
  notModified,
  strongEtag,
} from './compression';

const page = `<!DOCTYPE html><html lang="kk"><body>${'<p>Қазақша мәтін, әрі қарай.</p>'.repeat(400)}</body></html>`;
const prerendered = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'public, max-age=0, s-maxage=600, stale-while-revalidate=86400',
  'x-nextjs-prerender': '1',
  Vary: 'rsc, next-router-state-tree',
};
const file = path.join(tmpdir(), `compression-test-${process.pid}.js`);
const script = `export const value = ${JSON.stringify('x'.repeat(5000))};\n`.repeat(20);

let cache: CompressedCache;
let server: http.Server;
let base: string;

/** Handlers shaped like what Next.js does for each kind of answer. */
function handle(req: IncomingMessage, res: ServerResponse) {
  const url = req.url ?? '/';
  if (url === '/page') {
    for (const [name, value] of Object.entries(prerendered)) res.setHeader(name, value);
    res.end(page);
  } else if (url === '/stream') {
    // Rendered per request and streamed in parts, each flushed.
    res.setHeader('Content-Type', 'text/x-component');
    res.setHeader('Cache-Control', 'private, no-store');
    res.write(`first part ${'a'.repeat(2000)}\n`);
    (res as ServerResponse & { flush?: () => void }).flush?.();
    setTimeout(() => res.end(`second part ${'b'.repeat(2000)}\n`), 300);
  } else if (url === '/static.js') {
    res.setHeader('Content-Type', 'application/javascript; charset=UTF-8');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('ETag', 'W/"186a0-19a"');
    res.setHeader('Content-Length', Buffer.byteLength(script));
    createReadStream(file).pipe(res);
  } else if (url === '/immutable.js') {
    // A hashed build file as Next.js sends it without ETags: piped, immutable.
    res.setHeader('Content-Type', 'application/javascript; charset=UTF-8');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Content-Length', Buffer.byteLength(script));
    createReadStream(file, { highWaterMark: 1024 }).pipe(res);
  } else if (url === '/many-parts') {
    // Streamed in many parts, the way a file is piped, with no flush between them.
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Cache-Control', 'private, no-store');
    createReadStream(file, { highWaterMark: 700 }).pipe(res);
  } else if (url === '/small') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"ok":true}');
  } else if (url === '/image') {
    res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=3600' });
    res.end(Buffer.alloc(5000, 7));
  } else if (url === '/partial') {
    res.writeHead(206, { 'Content-Type': 'text/plain', 'Content-Range': 'bytes 0-1999/4000' });
    res.end('z'.repeat(2000));
  } else if (url === '/no-transform') {
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-transform' });
    res.end('n'.repeat(3000));
  } else {
    res.statusCode = 404;
    res.end();
  }
}

beforeAll(async () => {
  await writeFile(file, script);
  cache = new CompressedCache(8 * 1024 * 1024);
  const known = new KnownBodies(8 * 1024 * 1024);
  server = http.createServer((req, res) => {
    compressResponse(req, res, cache, known);
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  arrivals: number[];
};

/** A raw request (fetch would unpack the body), with when each piece of the body arrived. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const request = http.request(`${base}${url}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      const arrivals: number[] = [];
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        arrivals.push(Date.now() - started);
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          arrivals,
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

const unpack = (answer: Answer) =>
  answer.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(answer.body).toString()
    : answer.headers['content-encoding'] === 'gzip'
      ? zlib.gunzipSync(answer.body).toString()
      : answer.body.toString();

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe('notModified', () => {
  it('matches a listed, weak or wildcard tag only', () => {
    expect(notModified('"abc"', '"abc"')).toBe(true);
    expect(notModified('W/"abc", "def"', '"abc"')).toBe(true);
    expect(notModified('*', '"abc"')).toBe(true);
    expect(notModified('"abd"', '"abc"')).toBe(false);
    expect(notModified(undefined, '"abc"')).toBe(false);
  });
});

describe('compressResponse', () => {
  it('sends a prerendered page compressed, with a stable ETag, and compresses it for keeping once', async () => {
    const first = await get('/page', { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('rsc, next-router-state-tree, Accept-Encoding');
    expect(Number(first.headers['content-length'])).toBe(first.body.length);
    expect(unpack(first)).toBe(page);
    expect(first.headers.etag).toBe(strongEtag(Buffer.from(page)));
    await settle();
    const before = cache.compressions;
    const again = await get('/page', { 'accept-encoding': 'br' });
    const third = await get('/page', { 'accept-encoding': 'br' });
    expect(cache.compressions).toBe(before);
    expect(unpack(again)).toBe(page);
    // The kept copy is the small one, and the same bytes each time.
    expect(again.body.length).toBeLessThanOrEqual(first.body.length);
    expect(third.body.equals(again.body)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);

    const gzip = await get('/page', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(unpack(gzip)).toBe(page);
    expect(gzip.headers.etag).toBe(first.headers.etag);
  });

  it('answers If-None-Match with 304 and no body', async () => {
    const { headers } = await get('/page', { 'accept-encoding': 'gzip' });
    const revalidated = await get('/page', {
      'accept-encoding': 'gzip',
      'if-none-match': String(headers.etag),
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(headers.etag);
    const changed = await get('/page', { 'if-none-match': '"something-else"' });
    expect(changed.status).toBe(200);
  });

  it('sends the page as it is, with its ETag and Vary, to a client that takes no compression', async () => {
    const plain = await get('/page');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    expect(plain.headers.etag).toBe(strongEtag(Buffer.from(page)));
    expect(plain.headers.vary).toContain('Accept-Encoding');
  });

  it.each(['gzip', 'br'])(
    'keeps a streamed answer streaming in %s: the first part arrives before the last is written',
    async (encoding) => {
      const answer = await get('/stream', { 'accept-encoding': encoding });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-length']).toBeUndefined();
      expect(answer.headers.etag).toBeUndefined();
      expect(unpack(answer)).toMatch(/^first part a+\nsecond part b+\n$/);
      expect(answer.arrivals[0]).toBeLessThan(250);
      expect(answer.arrivals.at(-1)).toBeGreaterThanOrEqual(280);
    },
  );

  it('compresses a piped static file with its own ETag once', async () => {
    const first = await get('/static.js', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.etag).toBe('W/"186a0-19a"');
    expect(unpack(first)).toBe(script);
    await settle();
    const before = cache.compressions;
    const again = await get('/static.js', { 'accept-encoding': 'br' });
    expect(unpack(again)).toBe(script);
    expect(cache.compressions).toBe(before);
  });

  it('keeps a hashed build file without an ETag whole, gives it one, and compresses it once', async () => {
    const first = await get('/immutable.js', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(unpack(first)).toBe(script);
    expect(first.headers.etag).toBe(strongEtag(Buffer.from(script)));
    await settle();
    const before = cache.compressions;
    expect(unpack(await get('/immutable.js', { 'accept-encoding': 'br' }))).toBe(script);
    expect(cache.compressions).toBe(before);
  });

  it.each(['br', 'gzip'])('streams a body written in many parts whole, in %s', async (encoding) => {
    const answer = await get('/many-parts', { 'accept-encoding': encoding });
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(unpack(answer)).toBe(script);
  });

  it('leaves alone what compression would not help or must not touch', async () => {
    for (const url of ['/small', '/image', '/partial', '/no-transform']) {
      const answer = await get(url, { 'accept-encoding': 'gzip, br' });
      expect(answer.headers['content-encoding'], url).toBeUndefined();
    }
    const head = await get('/page', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.length).toBe(0);
  });
});

describe('KnownBodies', () => {
  it('counts a text in UTF-8 bytes, from the kept bytes once the text has been seen', () => {
    const known = new KnownBodies(1024 * 1024);
    const text = 'Қазақша мәтін, әрі қарай. '.repeat(100);
    const bytes = Buffer.byteLength(text, 'utf8');
    expect(bytes).toBeGreaterThan(text.length);
    expect(known.byteLength(text)).toBe(bytes);
    expect(known.of(text).body.length).toBe(bytes);
    const counting = vi.spyOn(Buffer, 'byteLength');
    try {
      expect(known.byteLength(text)).toBe(bytes);
      expect(counting).not.toHaveBeenCalled();
    } finally {
      counting.mockRestore();
    }
  });
});

describe('CompressedCache', () => {
  it('drops the least recently used bodies past its size', async () => {
    const small = new CompressedCache(64 * 1024);
    // Random bytes do not compress: each entry keeps about 12 KB, five fit.
    const body = () => randomBytes(12_000);
    await small.prepare('a', body(), 'gzip');
    await small.prepare('b', body(), 'gzip');
    expect(small.get('a')).toBeDefined();
    for (const key of ['c', 'd', 'e', 'f']) await small.prepare(key, body(), 'gzip');
    expect(small.get('b')).toBeUndefined();
    expect(small.get('a')).toBeDefined();
    expect(small.get('f')).toBeDefined();
  });
});
