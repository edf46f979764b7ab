import 'server-only';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { langCodes, type LangCode } from '@/i18n/locales';
import en from '../../../messages/en.json';
import kz from '../../../messages/kz.json';
import ru from '../../../messages/ru.json';
import ua from '../../../messages/ua.json';
import { notFoundDocuments, type NotFoundVariant } from './not-found-documents';
import { onEveryRequest } from './request-hook';
import { asBuffer, readArgs, takeWriteHeadHeaders } from './response-parts';

/**
 * Whole 404 pages for the production server (`npm start`, the container).
 *
 * Next.js renders a 404 that a request ends in (an unknown address, an unknown
 * article) as an empty document, `<html id="__next_error__">`, whose page only
 * script draws (vercel/next.js#62228; the root layout of this site sits under
 * `[lang]`, where Next.js has no whole-document 404 of its own). A visitor
 * without JavaScript saw a blank page; one on a slow phone saw it blank until
 * the scripts arrived. Here that document is replaced, status and headers kept,
 * by the 404 page of the same language and wording built ahead
 * (`src/app/[lang]/404`: /ru/404 and /ru/404/param), with the address the visitor asked for
 * written into its heading as the browser's script would write it. The built
 * pages themselves, asked for at their own address, are answered with 404 too.
 *
 * `npm run dev` keeps Next.js's own 404 (drawn by script).
 */

const messages = { ru, en, kz, ua } satisfies Record<LangCode, typeof en>;

export type NotFoundPage = { code: LangCode; variant: NotFoundVariant; template: string };

/** A template as the page's inline React data hands it to the heading (a string in a script's string). */
const inReactData = (template: string) =>
  `\\"template\\":${JSON.stringify(JSON.stringify(template)).slice(1, -1)}`;

/**
 * The 404 pages, each with its template as the React data carries it: per
 * language the parameter's first, as the innermost boundary wins (below).
 */
const pages = langCodes.flatMap((code) =>
  (['param', 'route'] as const).map((variant) => {
    const { unknownParam, unknownRoute } = messages[code].NotFoundPage;
    const template = variant === 'param' ? unknownParam : unknownRoute;
    return {
      page: { code, variant, template } satisfies NotFoundPage,
      needle: inReactData(template),
    };
  }),
);

/**
 * Which 404 page an HTML document is, by the message templates its React data
 * carries: each not-found boundary on the way to the page hands its heading a
 * template, the boundary of a route with a parameter (an article, a service)
 * "Page Not Found: {path}", the one around every route "Page not found: {path}".
 * The innermost one is the page shown, so a parameter's template wins.
 */
export function whichNotFoundPage(html: string): NotFoundPage | undefined {
  return pages.find(({ needle }) => html.includes(needle))?.page;
}

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');

const pathOf = (url: string) => url.split(/[?#]/, 1)[0] || '/';

/** The path as the heading shows it (src/components/errors/requested-path.tsx decodes it so). */
export function shownPath(url: string): string {
  const pathname = pathOf(url);
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

const heading = /(<h1\b[^>]*\bdata-testid="not-found-message"[^>]*>)[^<]*(<\/h1>)/;
const languagePrefix = new RegExp(`^/(?:${langCodes.join('|')})(?=/|$)`);

/**
 * A built 404 page made the page of the address asked for, as the browser's
 * script would draw it there: its heading names the path, and the language
 * menu's links lead to the same path in each language, not to the built page's
 * own address. Undefined when the page has no such heading.
 */
export function forRequest(html: string, page: NotFoundPage, url: string): string | undefined {
  if (!heading.test(html)) return undefined;
  const text = escapeHtml(page.template.replace('{path}', shownPath(url)));
  const rest = pathOf(url).replace(languagePrefix, '');
  const own = `/${notFoundDocuments[page.variant].join('/')}`;
  let result = html.replace(heading, (_, open: string, close: string) => `${open}${text}${close}`);
  for (const code of langCodes)
    result = result.replaceAll(`href="/${code}${own}"`, `href="${escapeHtml(`/${code}${rest}`)}"`);
  return result;
}

/** Reads a built 404 page once; undefined when the build has none (`next dev`). */
export class NotFoundDocuments {
  private readonly read = new Map<string, string | undefined>();

  constructor(private readonly appDir: string) {}

  of({ code, variant }: NotFoundPage): string | undefined {
    const file = path.join(this.appDir, code, ...notFoundDocuments[variant]) + '.html';
    if (!this.read.has(file)) {
      try {
        this.read.set(file, readFileSync(file, 'utf8'));
      } catch {
        this.read.set(file, undefined);
      }
    }
    return this.read.get(file);
  }
}

const builtPaths = new RegExp(
  `^(?:/(?:${langCodes.join('|')}))?/(?:${Object.values(notFoundDocuments)
    .map((segments) => segments.join('/'))
    .join('|')})$`,
);

/**
 * Whether a request asks for one of the built 404 pages at its own address
 * (/ru/404), or without a language (/404, which the proxy serves in the
 * visitor's): Next.js sends those with 200.
 */
export const asksForBuiltPage = (url: string) => builtPaths.test(pathOf(url));

/**
 * Wraps one response: a 404 page that Next.js sends as an empty document, or
 * a built 404 page sent at its own address, is held and replaced as described
 * above; every other response passes through untouched.
 */
export function wholeNotFoundPage(
  req: IncomingMessage,
  res: ServerResponse,
  documents: NotFoundDocuments,
): void {
  const url = req.url ?? '/';
  // Build files and the API never answer with a page.
  if (url.startsWith('/_next/') || url.startsWith('/api/')) return;
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.rsc !== undefined) return;
  const builtPage = asksForBuiltPage(url);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const flushHeaders = res.flushHeaders.bind(res);

  let mode: 'undecided' | 'through' | 'hold' = 'undecided';
  const current = () => mode;
  let statusArgs: unknown[] | undefined;
  const held: Buffer[] = [];

  function decide() {
    if (mode !== 'undecided') return;
    const html = /^text\/html\b/i.test(String(res.getHeader('content-type') ?? ''));
    const hold = html && (res.statusCode === 404 || (res.statusCode === 200 && builtPage));
    mode = hold ? 'hold' : 'through';
    if (!hold && statusArgs) writeHead(...statusArgs);
  }

  res.writeHead = function writeHeadHeld(...args: unknown[]) {
    takeWriteHeadHeaders(res, args);
    if (typeof args[0] === 'number') res.statusCode = args[0];
    statusArgs = typeof args[1] === 'string' ? [res.statusCode, args[1]] : [res.statusCode];
    if (current() === 'through') return writeHead(...statusArgs);
    return res;
  };

  res.flushHeaders = function flushHeadersHeld() {
    decide();
    if (current() === 'through') flushHeaders();
  };

  res.write = function writeHeld(...args: unknown[]) {
    decide();
    if (current() === 'through') return write(...args);
    const { chunk, encoding, callback } = readArgs(args);
    if (chunk !== undefined) held.push(asBuffer(chunk, encoding));
    if (callback) process.nextTick(callback);
    return true;
  } as typeof res.write;

  res.end = function endHeld(...args: unknown[]) {
    decide();
    if (current() === 'through') return end(...args);
    const { chunk, encoding, callback } = readArgs(args);
    if (chunk !== undefined) held.push(asBuffer(chunk, encoding));
    const sent = Buffer.concat(held);
    const replaced = replacement(sent.toString('utf8'));
    const body = replaced === undefined ? sent : Buffer.from(replaced, 'utf8');
    if (replaced !== undefined || builtPage) res.statusCode = 404;
    res.removeHeader('etag');
    if (req.method !== 'HEAD') res.setHeader('Content-Length', body.length);
    writeHead(res.statusCode);
    return end(req.method === 'HEAD' ? undefined : body, callback);
  } as typeof res.end;

  function replacement(html: string): string | undefined {
    const page = whichNotFoundPage(html);
    if (!page) return undefined;
    const document = html.includes('<html id="__next_error__"') ? documents.of(page) : html;
    return document && forRequest(document, page, url);
  }
}

const slot = Symbol.for('agency-site.not-found-response');
const registry = globalThis as Record<symbol, NotFoundDocuments | undefined>;

/**
 * Makes every 404 page of the production server a whole document, before
 * Next.js sees the request (./request-hook.ts). Install it before the
 * compression, so that what it sends is compressed. Once per process.
 */
export function installNotFoundResponses(
  appDir = path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'server', 'app'),
) {
  const existing = registry[slot];
  if (existing) return existing;
  const documents = new NotFoundDocuments(appDir);
  registry[slot] = documents;
  onEveryRequest((request, response) => wholeNotFoundPage(request, response, documents));
  return documents;
}
