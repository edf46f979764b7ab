import 'server-only';
import { readdirSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

export type Encoding = 'br' | 'gzip';

type Entry = {
  /** The file on disk. */
  file: string;
  /** Its name under the folder served, with forward slashes (for the rules). */
  name: string;
  /** Copies compressed at build time, beside the file (`x.html.br`, `x.html.gz`). */
  variants: Partial<Record<Encoding, string>>;
};

export type StaticFileOptions = {
  /** The folder of files built ahead (`dist/client`). */
  dir: string;
  /** Cache-Control of a file, by its address. */
  cacheControl: (pathname: string) => string;
  /** Content-Type of a file, by its name. */
  contentType: (name: string) => string;
  /** Request headers besides Accept-Encoding that the answer at an address depends on. */
  vary?: (pathname: string) => string[];
};

const suffixes: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The addresses of the files in `dir`, read once at start: a page built as
 * `ru/blog.html` answers at `/ru/blog` (and `/ru/blog.html`; the rules decide
 * whether that is asked for), `x/index.html` at `/x` too. A file with a
 * compressed copy beside it (`.br`, `.gz`) has that copy as a variant; such a
 * copy is not an address of its own. Dotfiles are never served.
 */
function addresses(dir: string): Map<string, Entry> {
  const names = new Set(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      )
      .filter((name) => !name.split('/').some((part) => part.startsWith('.'))),
  );
  const map = new Map<string, Entry>();
  for (const name of names) {
    const original = name.replace(/\.(?:br|gz)$/, '');
    if (original !== name && names.has(original)) continue;
    const variants: Entry['variants'] = {};
    for (const [encoding, suffix] of Object.entries(suffixes) as [Encoding, string][])
      if (names.has(name + suffix)) variants[encoding] = path.join(dir, name + suffix);
    const entry = { file: path.join(dir, name), name, variants };
    map.set(`/${name}`, entry);
    if (name.endsWith('.html')) {
      const bare = `/${name.slice(0, -'.html'.length)}`;
      const index = bare === '/index' ? '/' : bare.replace(/\/index$/, '');
      if (!map.has(bare)) map.set(bare, entry);
      if (index !== bare && !map.has(index)) map.set(index, entry);
    }
  }
  return map;
}

/**
 * The encodings an Accept-Encoding header accepts (q above 0), best first as
 * the server prefers them: brotli, then gzip. `*` stands for any encoding the
 * header does not name.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const quality = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [token = '', ...params] = part.split(';').map((value) => value.trim());
    if (!token) continue;
    const q = params.find((param) => /^q=/i.test(param));
    const value = q ? Number(q.slice(2)) : 1;
    quality.set(token.toLowerCase(), Number.isFinite(value) ? value : 0);
  }
  const wildcard = quality.get('*') ?? 0;
  return (['br', 'gzip'] as const).filter((encoding) => (quality.get(encoding) ?? wildcard) > 0);
}

/** Whether an If-None-Match header names this entity tag (compared weakly, as for GET). */
export function matchesTag(header: string, tag: string): boolean {
  if (header.trim() === '*') return true;
  const bare = (value: string) => value.trim().replace(/^W\//, '');
  return header.split(',').some((value) => bare(value) === bare(tag));
}

function notModified(request: IncomingMessage, tag: string, modified: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return matchesTag(ifNoneMatch, tag);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

/**
 * Serves the files built ahead, from a table of their addresses made at
 * start (a lookup, never a path joined from the request, so nothing outside
 * the folder can be named). Each answer is the copy compressed at build in
 * the best encoding the client takes, with a weak entity tag and
 * Last-Modified from the file as it is opened, so a 304 is right even after
 * the files were replaced. Range requests are answered with the whole file,
 * as HTTP allows: nothing on the site is worth resuming.
 *
 * `serve` resolves to false, having sent nothing, when there is no file at
 * that address (or it has gone since start); the caller answers instead.
 */
export function createStaticFiles({
  dir,
  cacheControl,
  contentType,
  vary = () => [],
}: StaticFileOptions) {
  const table = addresses(path.resolve(dir));

  async function openFirst(
    candidates: [Encoding | undefined, string][],
  ): Promise<[Encoding | undefined, FileHandle] | undefined> {
    for (const [encoding, file] of candidates) {
      try {
        return [encoding, await open(file, 'r')];
      } catch (error) {
        // Gone since start (a build replaced the folder): try the next copy.
        // Anything else (no file descriptors left, say) is a failure, not a 404.
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'EISDIR') throw error;
      }
    }
    return undefined;
  }

  return {
    has(pathname: string): boolean {
      return table.has(pathname);
    },

    async serve(
      request: IncomingMessage,
      response: ServerResponse,
      pathname: string,
    ): Promise<boolean> {
      const entry = table.get(pathname);
      if (!entry) return false;
      const candidates: [Encoding | undefined, string][] = [
        ...acceptedEncodings(request.headers['accept-encoding'])
          .filter((encoding) => entry.variants[encoding])
          .map((encoding): [Encoding, string] => [encoding, entry.variants[encoding]!]),
        [undefined, entry.file],
      ];
      const opened = await openFirst(candidates);
      if (!opened) return false;
      const [encoding, handle] = opened;
      try {
        const stats = await handle.stat();
        const tag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
        const common: Record<string, string> = {
          ETag: tag,
          'Last-Modified': stats.mtime.toUTCString(),
          'Cache-Control': cacheControl(pathname),
        };
        const varies = [
          ...(Object.keys(entry.variants).length > 0 ? ['Accept-Encoding'] : []),
          ...vary(pathname),
        ];
        if (varies.length > 0) common.Vary = varies.join(', ');
        if (notModified(request, tag, stats.mtime)) {
          response.writeHead(304, common);
          response.end();
          return true;
        }
        response.writeHead(200, {
          ...common,
          'Content-Type': contentType(entry.name),
          'Content-Length': String(stats.size),
          ...(encoding ? { 'Content-Encoding': encoding } : {}),
        });
        if (request.method === 'HEAD') {
          response.end();
          return true;
        }
        // A client that goes away mid-file ends the stream; nothing to report.
        await pipeline(handle.createReadStream({ autoClose: false }), response).catch(() =>
          response.destroy(),
        );
        return true;
      } finally {
        await handle.close().catch(() => {});
      }
    },
  };
}

export type StaticFiles = ReturnType<typeof createStaticFiles>;
