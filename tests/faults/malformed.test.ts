import http from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultDatabase, startSite, type FaultDatabase, type Site } from './support';

/*
 * What a scanner or an attacker sends to the built server (`npm start`):
 * whatever it is, the answer is never a 500, always carries the security
 * headers, and the process goes on serving.
 */

type Answer = { status: number; headers: http.IncomingHttpHeaders };

describe('malformed and hostile requests to the built server', () => {
  let database: FaultDatabase;
  let site: Site;

  beforeAll(async () => {
    database = await faultDatabase('pglite');
    site = await startSite({ ...database.env, OUTBOX_WORKER: 'off' });
  });
  afterAll(async () => {
    await site?.kill('SIGKILL');
    await database?.close();
  });

  const ask = (
    target: string,
    method = 'GET',
    headers: Record<string, string> = {},
    body?: string,
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port: site.port, path: target, method, headers },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode!, headers: response.headers }),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  // The request is written and the socket left open (each one asks the server to
  // close): Node drops an answer still in hand when the client half-closes.
  const raw = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(site.port, '127.0.0.1', () => socket.write(text));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });

  it('answers the known ones with 4xx and the security headers', async () => {
    const cases: [string, string, Record<string, string>, number][] = [
      // Every scanner's first request, behind a TLS terminator.
      ['GET', '/.env', { 'x-forwarded-proto': 'https' }, 404],
      ['GET', '/wp-login.php', { 'x-forwarded-proto': 'https' }, 404],
      ['GET', '/ru/%FF%FE', {}, 400],
      ['GET', '/%c0%ae%c0%ae/etc/passwd', {}, 400],
      ['GET', '/_astro/..%2F..%2Fserver.mjs', {}, 404],
      ['TRACE', '/', {}, 405],
      ['HEAD', '/ru', {}, 200],
      ['HEAD', '/api/health', {}, 200],
      ['HEAD', '/en/nope', {}, 404],
      ['GET', '/ru', { range: 'bytes=5-2' }, 200],
      ['GET', '/ru', { 'if-none-match': '"', 'if-modified-since': 'yesterday' }, 200],
      ['GET', '/', { cookie: 'i18n_redirected=%FF', 'accept-language': '*;q=abc,,,' }, 307],
      ['GET', '/ru/nope', { host: 'a b' }, 400],
      ['GET', '/ru/nope', { host: 'evil.example/x' }, 400],
      ['GET', '/api/health', { 'x-forwarded-host': 'evil.example/x' }, 200],
      ['POST', '/api/leads', { 'content-type': 'application/json' }, 400],
      // Their relatives.
      ['GET', '/%', {}, 400],
      ['GET', '/ru/%E0%A4%A', {}, 400],
      ['GET', '//evil.example', {}, 404],
      ['GET', '/ru/..%2f..%2fetc/passwd', {}, 404],
      ['GET', `/${'a'.repeat(10_240)}`, {}, 404],
      ['GET', `/ru/${'a'.repeat(10_240)}`, {}, 404],
      ['GET', '/ru', { host: ':3000' }, 400],
      ['GET', '/.env', { 'x-forwarded-proto': 'https,http' }, 404],
      ['GET', '/ru/nope', { 'x-forwarded-proto': 'https, http' }, 404],
      ['GET', '/nope', { 'x-forwarded-host': ':0' }, 404],
      ['GET', '/ru/nope', { 'x-forwarded-host': ',,,' }, 404],
      ['GET', '/', { 'x-forwarded-host': 'a b', 'x-forwarded-proto': 'https' }, 307],
    ];
    for (const [method, target, headers, status] of cases) {
      const answer = await ask(target, method, headers, method === 'POST' ? '{' : undefined);
      expect(answer.status, `${method} ${target}`).toBe(status);
      expect(answer.headers['x-content-type-options'], `${method} ${target}`).toBe('nosniff');
      expect(answer.headers['content-security-policy'], `${method} ${target}`).toBeDefined();
    }
    expect(
      (await ask('/.env', 'GET', { 'x-forwarded-proto': 'https' })).headers[
        'strict-transport-security'
      ],
    ).toMatch(/^max-age=/);
    for (const line of [
      'GET * HTTP/1.1',
      'OPTIONS * HTTP/1.1',
      'HEAD * HTTP/1.1',
      'POST * HTTP/1.1',
      'TRACK / HTTP/1.1',
      'CONNECT a:443 HTTP/1.1',
    ]) {
      const answer = await raw(`${line}\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer, line).toMatch(/^HTTP\/1\.1 4\d\d /);
      expect(answer, line).toContain('X-Content-Type-Options: nosniff');
    }
  });

  it('answers HTTP/1.1 without a Host with 400 and the security headers', async () => {
    const answer = await raw('GET /ru HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('X-Content-Type-Options: nosniff');
    expect(await raw('GET /ru HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('answers HEAD and OPTIONS on each kind of route without a 500, with the security headers', async () => {
    const routes = [
      '/ru', // a page built ahead
      '/', // the language redirect
      '/blog', // a page without its language
      '/nope', // nothing, without a language
      '/ru/nope', // nothing, in a language
      '/ru/calculator?type=shop', // rendered per request
      '/ru/blog/rss.xml', // a feed
      '/_astro/nope.js', // an asset that is not there
      '/api/health',
      '/api/leads',
      '/api/leads/token',
      '/api/booking',
      '/api/booking/slots?lang=ru',
      '/favicon.ico',
    ];
    const failures: string[] = [];
    for (const route of routes)
      for (const method of ['HEAD', 'OPTIONS']) {
        const answer = await ask(route, method, { 'x-forwarded-proto': 'https' });
        if (
          answer.status >= 500 ||
          answer.headers['x-content-type-options'] !== 'nosniff' ||
          !answer.headers['strict-transport-security']
        )
          failures.push(`${method} ${route}: ${answer.status}`);
      }
    expect(failures).toEqual([]);
  });

  it('answers a stream of random requests without a 500, and is still there', async () => {
    // A fixed sequence, so a failure can be replayed.
    let seed = 20_260_301;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
    const parts = [
      'ru',
      'en',
      'kz',
      'ua',
      'blog',
      'services',
      'web',
      'calculator',
      'contacts',
      'api',
      'leads',
      'token',
      'health',
      '_astro',
      '_app',
      'builds',
      'latest.json',
      '%2e%2e',
      '..',
      '.env',
      '%00',
      'x'.repeat(300),
      '%D0%BA',
      '~',
      'index.html',
      'rss.xml',
      'page',
      '2',
      'category',
      'keystatic',
      '%25',
      ';',
      'opengraph-image.png',
    ];
    const methods = [
      'GET',
      'GET',
      'GET',
      'HEAD',
      'POST',
      'PUT',
      'DELETE',
      'OPTIONS',
      'PATCH',
      'PROPFIND',
    ];
    const headerValues: [string, string[]][] = [
      ['accept-language', ['kk', '*', 'zz-ZZ;q=abc', ',,,;', 'uk-UA,uk;q=0.9']],
      ['cookie', ['i18n_redirected=zz', 'i18n_redirected', '=;=;', 'a=b; i18n_redirected=kz']],
      ['x-forwarded-proto', ['https', 'javascript', 'https, http']],
      ['x-forwarded-for', ['1.1.1.1', 'garbage, ,,', '::ffff:1.2.3.4']],
      [
        'content-type',
        [
          'application/json',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'text/plain',
        ],
      ],
      ['origin', ['null', 'http://evil.example']],
      ['accept-encoding', ['br', 'gzip;q=0', '*', 'zstd']],
    ];
    const bodies = [
      '{',
      '{"language":"en"}',
      'a=b&c',
      '[]',
      'null',
      '{"contact":123,"consent":"yes"}',
      'x'.repeat(70_000),
    ];
    const failures: string[] = [];
    let done = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (done < 600) {
          done += 1;
          const target = `/${Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(parts)).join('/')}${
            next() < 0.3 ? `?${pick(['type=shop', 'size=abc', 'type=%FF', 'q=1'])}` : ''
          }`;
          const method = pick(methods);
          const headers = Object.fromEntries(
            headerValues.filter(() => next() < 0.25).map(([name, values]) => [name, pick(values)]),
          );
          const body = ['POST', 'PUT', 'PATCH'].includes(method) ? pick(bodies) : undefined;
          const answer = await ask(target, method, headers, body).catch((error: Error) => error);
          if (answer instanceof Error) failures.push(`${method} ${target}: ${answer.message}`);
          else if (answer.status >= 500 || answer.headers['x-content-type-options'] !== 'nosniff')
            failures.push(`${method} ${target} ${JSON.stringify(headers)}: ${answer.status}`);
        }
      }),
    );
    expect(failures).toEqual([]);
    expect(site.child.exitCode).toBeNull();
    expect((await ask('/ru')).status).toBe(200);
  });
});
