import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from './client';

/**
 * The browser's retry policy (./client.ts), against a real HTTP server on
 * loopback that counts the attempts it receives for each case.
 */
const attempts = new Map<string, number>();
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const key = `${request.method} ${url.pathname}`;
    attempts.set(key, (attempts.get(key) ?? 0) + 1);
    request.resume();
    const [, kind, value] = url.pathname.split('/');
    if (kind === 'drop') {
      request.socket.destroy();
      return;
    }
    const status = kind === 'status' ? Number(value) : 200;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(request.method === 'HEAD' ? undefined : JSON.stringify({ status }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** The statuses the browser's client retries: timeouts, conflicts, rate limits, passing server trouble. */
const retriedStatuses = [408, 409, 425, 429, 500, 502, 503, 504];
const retried = (method: string) => method === 'GET' || method === 'HEAD';

/** Makes one request and returns how many attempts reached the server. */
async function attemptsFor(method: (typeof methods)[number], path: string): Promise<number> {
  const id = `${path}/${method}-${Math.random().toString(36).slice(2)}`;
  await http(`${base}${id}`, { method, body: retried(method) ? undefined : { a: 1 } }).catch(
    () => undefined,
  );
  return attempts.get(`${method} ${id}`) ?? 0;
}

describe.concurrent('the HTTP client', () => {
  for (const status of retriedStatuses) {
    for (const method of methods) {
      const expected = retried(method) ? 2 : 1;
      it(`${method} answered ${status}: ${expected} attempt(s)`, async () => {
        expect(await attemptsFor(method, `/status/${status}`)).toBe(expected);
      });
    }
  }

  for (const status of [200, 204, 400, 401, 403, 404, 410, 422, 501]) {
    for (const method of methods) {
      it(`${method} answered ${status}: one attempt`, async () => {
        expect(await attemptsFor(method, `/status/${status}`)).toBe(1);
      });
    }
  }

  for (const method of methods) {
    const expected = retried(method) ? 2 : 1;
    it(`${method} on a dropped connection: ${expected} attempt(s)`, async () => {
      expect(await attemptsFor(method, '/drop')).toBe(expected);
    });
  }

  it('rejects with the status once the retry is spent', async () => {
    await expect(http(`${base}/status/503/final`)).rejects.toMatchObject({ status: 503 });
    expect(attempts.get('GET /status/503/final')).toBe(2);
  });

  it('returns the parsed body of a success', async () => {
    await expect(http(`${base}/status/200/body`)).resolves.toEqual({ status: 200 });
  });
});
