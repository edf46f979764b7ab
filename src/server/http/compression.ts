import 'server-only';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { onEveryRequest } from './request-hook';
import { asBuffer, readArgs, takeWriteHeadHeaders } from './response-parts';

/**
 * Response compression for the production server (`npm start`, the container),
 * in place of Next.js's own (`compress: false` in next.config.ts).
 *
 * Next.js compresses every response anew: a prerendered page of 120 KB was
 * gzipped on every request although its bytes never change, so the site served
 * a static page at a quarter of the rate of a bare Next.js page. Here a
 * response that names its bytes (an `ETag`) and may be kept by a shared cache
 * is compressed once, as small as the format allows, and the result is reused
 * for as long as the bytes stay the same; the first request is answered at
 * once with a quick compression while the small one is made. Everything else
 * (pages rendered per request, streamed React data, API answers) is compressed
 * as it streams, each piece flushed at once, so streaming still streams.
 *
 * Brotli goes to the browsers that accept it (about 30 % smaller than gzip on
 * these pages and scripts), gzip to the rest. Next.js still answers every
 * request itself (routing, headers, static files with their ETags), but the
 * ETag of a page is made here (`generateEtags: false`): Next.js hashed every
 * page's HTML in JavaScript on every request, the largest cost left; here a
 * page's bytes are hashed once, and `If-None-Match` is answered with 304.
 */

export type Encoding = 'br' | 'gzip';

const compressibleType =
  /^(?:text\/|application\/(?:json|javascript|xml|rss\+xml|manifest\+json|ld\+json)|image\/svg\+xml)/i;
/** Below this, compression costs more than it saves. */
const minimumBytes = 1024;

/** The encoding for an `Accept-Encoding` header: brotli, else gzip, honouring `q=0`; null for none. */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of String(header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * `best`: made once and kept (brotli quality 10, gzip level 9). `quick`: for a
 * request that should not wait for `best` (brotli 5, gzip 6).
 */
export function compressBody(body: Buffer, encoding: Encoding, effort: 'best' | 'quick') {
  if (encoding === 'gzip') return gzip(body, { level: effort === 'best' ? 9 : 6 });
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: effort === 'best' ? 10 : 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

type Known = { body: Buffer; etag: string };

/**
 * The bytes and ETag of the pages seen, by their text, the least recently used
 * evicted first. Next.js hands a prerendered page's HTML over as the same text
 * each time, so a page is converted to bytes and hashed once.
 */
export class KnownBodies {
  private readonly entries = new Map<string, Known>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  of(text: string): Known {
    const hit = this.entries.get(text);
    if (hit) {
      this.entries.delete(text);
      this.entries.set(text, hit);
      return hit;
    }
    const body = Buffer.from(text, 'utf8');
    const known = { body, etag: strongEtag(body) };
    if (body.length <= this.maxBytes / 4) {
      this.entries.set(text, known);
      this.bytes += body.length * 2;
      for (const [oldText, old] of this.entries) {
        if (this.bytes <= this.maxBytes) break;
        this.entries.delete(oldText);
        this.bytes -= old.body.length * 2;
      }
    }
    return known;
  }

  /**
   * The length in bytes of a text about to be sent, from the kept bytes when
   * the page has been seen: counting a 120 KB page's UTF-8 bytes anew took a
   * seventh of the server's time per request.
   */
  byteLength(text: string): number {
    return this.entries.get(text)?.body.length ?? Buffer.byteLength(text, 'utf8');
  }
}

export function strongEtag(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether `If-None-Match` names this ETag (weakly, as the header means). */
export function notModified(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return String(header)
    .split(',')
    .some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Compressed bodies, the least recently used evicted first, bounded in bytes.
 * A key holds the address, the ETag and the encoding, so two files that happen
 * to share an ETag never share an entry.
 */
export class CompressedCache {
  private readonly ready = new Map<string, Buffer>();
  private readonly pending = new Set<string>();
  private bytes = 0;
  /** Bodies compressed for keeping: the tests read it to see reuse. */
  compressions = 0;

  constructor(private readonly maxBytes: number) {}

  /** The kept result for a key, if it is ready. */
  get(key: string): Buffer | undefined {
    const hit = this.ready.get(key);
    if (hit) {
      this.ready.delete(key);
      this.ready.set(key, hit);
    }
    return hit;
  }

  /** Starts making the kept result for a key, unless it exists or is on its way. */
  prepare(key: string, body: Buffer, encoding: Encoding): Promise<void> {
    if (this.ready.has(key) || this.pending.has(key) || body.length > this.maxBytes / 4)
      return Promise.resolve();
    this.pending.add(key);
    this.compressions += 1;
    return compressBody(body, encoding, 'best').then(
      (compressed) => {
        this.pending.delete(key);
        this.ready.set(key, compressed);
        this.bytes += compressed.length;
        for (const [oldKey, old] of this.ready) {
          if (this.bytes <= this.maxBytes) break;
          this.ready.delete(oldKey);
          this.bytes -= old.length;
        }
      },
      () => {
        this.pending.delete(key);
      },
    );
  }
}

function appendVary(res: ServerResponse, field: string) {
  const current = res.getHeader('vary');
  const list = Array.isArray(current) ? current.join(', ') : String(current ?? '');
  const fields = list.split(',').map((item) => item.trim().toLowerCase());
  if (fields.includes('*') || fields.includes(field.toLowerCase())) return;
  res.setHeader('Vary', list ? `${list}, ${field}` : field);
}

/**
 * Wraps one response so that what the handler writes goes out compressed,
 * where that is worth it. Called before the handler sees the request.
 */
export function compressResponse(
  req: IncomingMessage,
  res: ServerResponse,
  cache: CompressedCache,
  known: KnownBodies,
): void {
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const flushHeaders = res.flushHeaders.bind(res);

  type Mode = 'undecided' | 'identity' | 'whole' | 'stream';
  let mode: Mode = 'undecided';
  // Read through this: TypeScript cannot see that decide() changes `mode`.
  const current = (): Mode => mode;
  let statusArgs: unknown[] = [];
  const held: Buffer[] = [];
  let stream: zlib.BrotliCompress | zlib.Gzip | undefined;

  function decide() {
    if (mode !== 'undecided') return;
    const status = res.statusCode;
    const type = String(res.getHeader('content-type') ?? '');
    const cacheControl = String(res.getHeader('cache-control') ?? '');
    const length = Number(res.getHeader('content-length') ?? Number.POSITIVE_INFINITY);
    const compressible =
      compressibleType.test(type) &&
      !res.getHeader('content-encoding') &&
      !/\bno-transform\b/i.test(cacheControl) &&
      status >= 200 &&
      ![204, 206, 304].includes(status) &&
      length >= minimumBytes;
    // Whatever this answer is, a client with other encodings may get another one.
    if (compressible) appendVary(res, 'Accept-Encoding');
    // Bytes that repeat and a shared cache may keep (a prerendered page, a hashed
    // build file, a file with its ETag): sent whole, with an ETag, compressed
    // once. A page rendered per request (a 404 at any address, say) is streamed:
    // its bytes are not kept.
    const keepable =
      compressible &&
      status === 200 &&
      req.method === 'GET' &&
      (!!res.getHeader('x-nextjs-prerender') ||
        !!res.getHeader('etag') ||
        /\bimmutable\b/i.test(cacheControl)) &&
      /\b(?:public|immutable)\b/i.test(cacheControl) &&
      !/\b(?:private|no-store)\b/i.test(cacheControl) &&
      !res.getHeader('set-cookie');
    if (keepable) {
      mode = 'whole';
      return;
    }
    if (!compressible || !encoding || req.method === 'HEAD') {
      mode = 'identity';
      return;
    }
    mode = 'stream';
    res.removeHeader('content-length');
    res.setHeader('Content-Encoding', encoding);
    const compressor =
      encoding === 'br'
        ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
        : zlib.createGzip({ level: 6 });
    compressor.on('data', (data: Buffer) => {
      if (!write(data)) {
        compressor.pause();
        res.once('drain', () => compressor.resume());
      }
    });
    compressor.on('drain', () => res.emit('drain'));
    compressor.on('end', () => end());
    compressor.on('error', (error) => res.destroy(error));
    stream = compressor;
  }

  // The status and headers are held until the first piece of the body (or its
  // end) shows how the body goes out; a whole body goes out with its headers
  // once its compressed length is known.
  res.writeHead = function writeHeadCompressed(...args: unknown[]) {
    takeWriteHeadHeaders(res, args);
    if (typeof args[0] === 'number') res.statusCode = args[0];
    statusArgs = typeof args[1] === 'string' ? [res.statusCode, args[1]] : [res.statusCode];
    return res;
  };

  /** Decides once; `whole` is the length of a body that `end` brings all at once. */
  function ready(whole?: number) {
    if (mode !== 'undecided') return;
    if (statusArgs.length === 0) statusArgs = [res.statusCode];
    if (whole !== undefined && !res.hasHeader('content-length'))
      res.setHeader('Content-Length', whole);
    decide();
    if (current() !== 'whole') writeHead(...statusArgs);
  }

  res.flushHeaders = function flushHeadersCompressed() {
    ready();
    if (mode !== 'whole') flushHeaders();
  };

  // Next.js flushes after each part of a streamed page; the compressor then
  // sends what it holds, so streaming still streams.
  (res as ServerResponse & { flush?: () => void }).flush = () => {
    stream?.flush(
      encoding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH,
    );
  };

  res.write = function writeCompressed(...args: unknown[]) {
    const { chunk, encoding: chunkEncoding, callback } = readArgs(args);
    ready();
    if (chunk === undefined) return write(...args);
    if (mode === 'whole') {
      held.push(asBuffer(chunk, chunkEncoding));
      if (callback) process.nextTick(callback);
      return true;
    }
    if (mode === 'stream') return stream!.write(asBuffer(chunk, chunkEncoding), callback);
    return write(...args);
  } as typeof res.write;

  res.end = function endCompressed(...args: unknown[]) {
    const { chunk, encoding: chunkEncoding, callback } = readArgs(args);
    if (mode === 'undecided')
      ready(
        chunk === undefined
          ? 0
          : typeof chunk === 'string' && chunkEncoding === undefined
            ? known.byteLength(chunk)
            : Buffer.byteLength(chunk, chunkEncoding),
      );
    if (mode === 'whole') {
      let body: Buffer;
      let etag = res.getHeader('etag') as string | undefined;
      if (held.length === 0 && typeof chunk === 'string' && chunkEncoding === undefined) {
        const page = known.of(chunk);
        body = page.body;
        etag ??= page.etag;
      } else {
        if (chunk !== undefined) held.push(asBuffer(chunk, chunkEncoding));
        body = Buffer.concat(held);
        etag ??= strongEtag(body);
      }
      res.setHeader('ETag', etag);
      if (notModified(req.headers['if-none-match'], etag)) {
        res.statusCode = 304;
        for (const name of ['content-length', 'content-type', 'content-encoding'])
          res.removeHeader(name);
        writeHead(304);
        end(callback);
        return res;
      }
      const send = (data: Buffer, contentEncoding?: Encoding) => {
        if (contentEncoding) res.setHeader('Content-Encoding', contentEncoding);
        res.setHeader('Content-Length', data.length);
        writeHead(...statusArgs);
        end(data, callback);
      };
      if (!encoding) {
        send(body);
        return res;
      }
      const key = `${encoding} ${req.url} ${etag}`;
      const kept = cache.get(key);
      if (kept) {
        send(kept, encoding);
      } else {
        void cache.prepare(key, body, encoding);
        compressBody(body, encoding, 'quick').then(
          (quick) => send(quick, encoding),
          () => send(body),
        );
      }
      return res;
    }
    if (mode === 'stream') {
      if (chunk !== undefined) stream!.write(asBuffer(chunk, chunkEncoding));
      stream!.end();
      if (callback) res.once('finish', () => callback());
      return res;
    }
    return end(...args);
  } as typeof res.end;

  // A client gone mid-stream leaves no compressor behind.
  res.once('close', () => {
    if (stream && !res.writableFinished) stream.destroy();
  });
}

const slot = Symbol.for('agency-site.compression');
const registry = globalThis as Record<
  symbol,
  { cache: CompressedCache; known: KnownBodies } | undefined
>;

/**
 * Compresses the responses of every HTTP server in this process (Next.js's
 * own, which this code does not create), before Next.js sees the request
 * (./request-hook.ts). Once per process.
 */
export function installCompression(maxBytes = 64 * 1024 * 1024) {
  const existing = registry[slot];
  if (existing) return existing;
  const state = { cache: new CompressedCache(maxBytes), known: new KnownBodies(maxBytes) };
  registry[slot] = state;
  onEveryRequest((request, response) => {
    compressResponse(request, response, state.cache, state.known);
  });
  return state;
}
