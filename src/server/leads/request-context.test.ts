import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installConnectionGuard, peerHeader } from '@/server/http/connection';
import { clientIp } from './request-context';

const headersOf = (request: IncomingMessage) => ({
  get: (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(', ') : (value ?? null);
  },
});

/**
 * A real Node server with the connection guard installed, as in the site's
 * process: what the app would compute for each request, answered as text.
 */
describe('the visitor address, on a real connection', () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    installConnectionGuard();
    server = http.createServer((request, response) => {
      const proxies = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('proxies'));
      response.end(clientIp(headersOf(request), proxies));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ask = async (proxies: number, headers: Record<string, string> = {}, method = 'GET') => {
    const response = await fetch(`${url}/?proxies=${proxies}`, { method, headers });
    return { status: response.status, body: await response.text() };
  };

  it('with no proxy in front, is the connection, whatever X-Forwarded-For the client wrote', async () => {
    // Next.js keeps a client's X-Forwarded-For as it came (it adds the
    // connection's address only when there is none), so the header proves nothing.
    expect(await ask(0, { 'X-Forwarded-For': '6.6.6.6' })).toEqual({
      status: 200,
      body: '127.0.0.1',
    });
    expect(await ask(0)).toEqual({ status: 200, body: '127.0.0.1' });
  });

  it('cannot be forged by a client that sends the guard header itself', async () => {
    expect(await ask(0, { [peerHeader]: 'guess 6.6.6.6', 'X-Forwarded-For': '6.6.6.6' })).toEqual({
      status: 200,
      body: '127.0.0.1',
    });
  });

  it('behind one proxy that appends, is the entry that proxy wrote', async () => {
    // The client wrote 6.6.6.6; the proxy appended the address it saw.
    expect((await ask(1, { 'X-Forwarded-For': '6.6.6.6, 203.0.113.9' })).body).toBe('203.0.113.9');
    expect((await ask(1, { 'X-Forwarded-For': '203.0.113.9' })).body).toBe('203.0.113.9');
  });

  it('behind a CDN and a load balancer, is the entry the outer one wrote', async () => {
    expect(
      (await ask(2, { 'X-Forwarded-For': '6.6.6.6, 7.7.7.7, 203.0.113.9, 10.0.0.2' })).body,
    ).toBe('203.0.113.9');
  });

  it('behind a proxy that sent no header, falls back to the connection', async () => {
    expect((await ask(1)).body).toBe('127.0.0.1');
  });

  it('answers TRACE with 405 before anything else sees it', async () => {
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(`${url}/`, { method: 'TRACE' }, resolve);
      request.on('error', reject);
      request.end();
    });
    response.resume();
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
  });
});

describe('clientIp', () => {
  const headers = (values: Record<string, string>) => ({
    get: (name: string) => values[name] ?? null,
  });

  it('keeps only the characters of an address', () => {
    expect(clientIp(headers({ 'x-forwarded-for': '::ffff:203.0.113.9' }), 1)).toBe('203.0.113.9');
    expect(clientIp(headers({ 'x-forwarded-for': '<script>\u0000' }), 1)).toBe('script');
    expect(clientIp(headers({}), 0)).toBe('unknown');
  });
});
