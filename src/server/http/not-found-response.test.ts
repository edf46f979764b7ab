import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { langCodes } from '@/i18n/locales';
import en from '../../../messages/en.json';
import kz from '../../../messages/kz.json';
import ru from '../../../messages/ru.json';
import ua from '../../../messages/ua.json';
import { CompressedCache, KnownBodies, compressResponse } from './compression';
import {
  NotFoundDocuments,
  asksForBuiltPage,
  shownPath,
  whichNotFoundPage,
  wholeNotFoundPage,
  forRequest,
} from './not-found-response';

const messages = { ru, en, kz, ua };

/** The heading's template as the page's inline React data carries it. */
const reactData = (template: string) =>
  `<script>self.__next_f.push([1,${JSON.stringify(
    `6:["$","h1",null,{"children":["$","$L1b",null,{"template":${JSON.stringify(template)}}]}]\n`,
  )}])</script>`;

/** A built 404 page, as the prerender writes it: the heading names the page's own address. */
const builtPage = (template: string, builtAt: string) =>
  `<!DOCTYPE html><html lang="ru"><body><header>${langCodes.map((code) => `<a href="/${code}${builtAt.slice(3)}">${code}</a>`).join('')}</header><main><h1 class="mt-4" data-testid="not-found-message">${template.replace('{path}', builtAt)}</h1></main><footer>${'<a href="/ru/services">Услуги</a>'.repeat(60)}</footer>${reactData(template)}</body></html>`;

/**
 * Next.js's 404 for a request: an empty document drawn by script. The React
 * data carries the template of every not-found boundary on the way to the
 * page: the one around every route, and the parameter's for an article.
 */
const emptyDocument = (template: string) => {
  const code = langCodes.find((each) =>
    Object.values(messages[each].NotFoundPage).includes(template),
  )!;
  const outer = messages[code].NotFoundPage.unknownRoute;
  const boundaries = template === outer ? reactData(outer) : reactData(outer) + reactData(template);
  return `<!DOCTYPE html><html id="__next_error__"><head><meta name="robots" content="noindex"/></head><body><div hidden=""></div>${boundaries}</body></html>`;
};

describe('which 404 page a document is', () => {
  it.each(langCodes)('tells the two pages of %s apart by their heading template', (code) => {
    const { unknownRoute, unknownParam } = messages[code].NotFoundPage;
    expect(whichNotFoundPage(emptyDocument(unknownRoute))).toMatchObject({
      code,
      variant: 'route',
    });
    expect(whichNotFoundPage(emptyDocument(unknownParam))).toMatchObject({
      code,
      variant: 'param',
    });
  });

  it('is no 404 page when no template is handed to a heading', () => {
    // The words alone (in a title, say) are not the page.
    expect(whichNotFoundPage(`<title>${en.NotFoundPage.unknownRoute}</title>`)).toBeUndefined();
  });
});

describe('the addresses of the built pages', () => {
  it('are the two pages under each language, and the same without one', () => {
    for (const url of ['/ru/404', '/kz/404/param?x=1', '/404', '/404/param'])
      expect(asksForBuiltPage(url), url).toBe(true);
    for (const url of ['/ru/4040', '/ru/404/other', '/de/404', '/ru/blog/404', '/ru'])
      expect(asksForBuiltPage(url), url).toBe(false);
  });
});

describe('the path in the heading', () => {
  it('is decoded as the browser shows it, without the query', () => {
    expect(shownPath('/ru/%D0%BF%D1%83%D1%82%D1%8C?utm=1#top')).toBe('/ru/путь');
    expect(shownPath('/en/%E0%A4%A')).toBe('/en/%E0%A4%A');
  });

  it('is written into the heading as text, whatever it holds', () => {
    const page = whichNotFoundPage(emptyDocument(en.NotFoundPage.unknownRoute))!;
    const html = builtPage(en.NotFoundPage.unknownRoute, '/en/404');
    expect(forRequest(html, page, '/en/<script>"x"&')).toContain(
      '<h1 class="mt-4" data-testid="not-found-message">Page not found: /en/&lt;script&gt;&quot;x&quot;&amp;</h1>',
    );
    expect(forRequest('<h1>Other</h1>', page, '/en/x')).toBeUndefined();
  });

  it('is where the language menu leads, in each language', () => {
    const page = whichNotFoundPage(emptyDocument(kz.NotFoundPage.unknownParam))!;
    const html = builtPage(kz.NotFoundPage.unknownParam, '/kz/404/param');
    const result = forRequest(html, page, '/kz/blog/%D0%B6%D0%BE%D049?utm=x')!;
    expect(result).not.toContain('/404/param"');
    for (const code of langCodes)
      expect(result).toContain(`href="/${code}/blog/%D0%B6%D0%BE%D049"`);
    // An address without a language keeps its path under each one.
    expect(forRequest(html, page, '/old-price-list')).toContain('href="/ua/old-price-list"');
  });
});

describe('404 responses of the production server', () => {
  let server: http.Server;
  let base: string;
  let appDir: string;

  async function serve(documents: NotFoundDocuments) {
    const cache = new CompressedCache(1024 * 1024);
    const known = new KnownBodies(1024 * 1024);
    const started = http.createServer((req, res) => {
      // The order instrumentation.ts installs them in: compression inside, 404 pages outside.
      compressResponse(req, res, cache, known);
      wholeNotFoundPage(req, res, documents);
      handle(req, res);
    });
    await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
    return { server: started, base: `http://127.0.0.1:${(started.address() as AddressInfo).port}` };
  }

  /** Handlers shaped like what Next.js sends for each kind of answer. */
  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://site');
    const template = url.searchParams.get('template') ?? ru.NotFoundPage.unknownRoute;
    if (url.pathname === '/plain-404') {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Not Found');
    } else if (url.pathname === '/ru/404') {
      // The built page at its own address: served 200 by Next.js.
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader(
        'x-next-cache-tags',
        '_N_T_/layout,_N_T_/[lang]/layout,_N_T_/[lang]/404/page,_N_T_/ru/404',
      );
      res.setHeader('Content-Length', Buffer.byteLength(builtPage(template, '/ru/404')));
      res.end(builtPage(template, '/ru/404'));
    } else if (url.pathname === '/ru/about') {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.write('<!DOCTYPE html><html lang="ru"><body>');
      res.end('<h1 data-testid="not-found-message">О нас</h1></body></html>');
    } else {
      // Rendered per request, streamed in parts with a flush between them.
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate');
      const html = emptyDocument(template);
      res.write(html.slice(0, 40));
      res.flushHeaders();
      setTimeout(() => res.end(html.slice(40)), 20);
    }
  }

  beforeAll(async () => {
    appDir = await mkdtemp(path.join(tmpdir(), 'not-found-'));
    for (const code of langCodes) {
      const { unknownRoute, unknownParam } = messages[code].NotFoundPage;
      await mkdir(path.join(appDir, code, '404'), { recursive: true });
      await writeFile(path.join(appDir, code, '404.html'), builtPage(unknownRoute, `/${code}/404`));
      await writeFile(
        path.join(appDir, code, '404', 'param.html'),
        builtPage(unknownParam, `/${code}/404/param`),
      );
    }
    ({ server, base } = await serve(new NotFoundDocuments(appDir)));
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(appDir, { recursive: true, force: true });
  });

  it.each(
    langCodes.flatMap((code) =>
      (['route', 'param'] as const).map((variant) => ({ code, variant })),
    ),
  )(
    'an empty $code document ($variant) becomes the built page naming the path, status and headers kept',
    async ({ code, variant }) => {
      const { unknownRoute, unknownParam } = messages[code].NotFoundPage;
      const template = variant === 'route' ? unknownRoute : unknownParam;
      const response = await fetch(
        `${base}/${code}/blog/%D0%BD%D0%B5%D1%82?template=${encodeURIComponent(template)}`,
      );
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toContain('no-store');
      const html = await response.text();
      expect(html).not.toContain('__next_error__');
      expect(html).toContain(`<a href="/en/blog/%D0%BD%D0%B5%D1%82">en</a>`);
      expect(html).toContain(
        `data-testid="not-found-message">${template.replace('{path}', `/${code}/blog/нет`)}</h1>`,
      );
    },
  );

  it('goes out compressed with a length that matches', async () => {
    const response = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(
        `${base}/en/nothing?template=${encodeURIComponent(en.NotFoundPage.unknownRoute)}`,
        { headers: { 'accept-encoding': 'gzip' } },
        resolve,
      ),
    );
    const parts: Buffer[] = [];
    for await (const part of response) parts.push(part as Buffer);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.concat(parts)).toString()).toContain(
      'data-testid="not-found-message">Page not found: /en/nothing</h1>',
    );
  });

  it('answers a built page at its own address with 404', async () => {
    const response = await fetch(`${base}/ru/404`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Страница не найдена: /ru/404</h1>');
    const head = await fetch(`${base}/ru/404`, { method: 'HEAD' });
    expect(head.status).toBe(404);
    const bare = await fetch(`${base}/404`);
    expect(bare.status).toBe(404);
    expect(await bare.text()).toContain('Страница не найдена: /404</h1>');
  });

  it('leaves every other answer as Next.js sent it', async () => {
    const plain = await fetch(`${base}/plain-404`);
    expect([plain.status, await plain.text()]).toEqual([404, 'Not Found']);
    const page = await fetch(`${base}/ru/about`);
    expect([page.status, await page.text()]).toEqual([
      200,
      '<!DOCTYPE html><html lang="ru"><body><h1 data-testid="not-found-message">О нас</h1></body></html>',
    ]);
    // The router's own requests get React data, not a document.
    const data = await fetch(`${base}/ru/nothing`, { headers: { rsc: '1' } });
    expect(data.status).toBe(404);
    expect(await data.text()).toContain('__next_error__');
  });

  it('sends Next.js’s document when the build has no page to put in its place', async () => {
    const bare = await serve(new NotFoundDocuments(path.join(appDir, 'missing')));
    try {
      const response = await fetch(`${bare.base}/ru/nothing`);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(emptyDocument(ru.NotFoundPage.unknownRoute));
    } finally {
      await new Promise((resolve) => bare.server.close(resolve));
    }
  });
});
