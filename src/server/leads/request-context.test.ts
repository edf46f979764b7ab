import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequestFromNodeRequest } from 'astro/app/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIp } from './request-context';

/** Where Astro keeps the address it gives a route as `context.clientAddress`. */
const clientAddress = Symbol.for('astro.clientAddress');

/**
 * A real Node server that makes each request into the Request Astro's Node
 * adapter gives a route, as the site's server does (no `allowedDomains`
 * configured), and answers with the address the rate limit would count.
 */
describe('the visitor address, on a real connection', () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const proxies = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('proxies'));
      const astroRequest = createRequestFromNodeRequest(request, { allowedDomains: [] });
      const peer = Reflect.get(astroRequest, clientAddress) as string | undefined;
      response.end(clientIp(astroRequest.headers, peer, proxies));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ask = async (proxies: number, headers: Record<string, string> = {}) =>
    (await fetch(`${url}/?proxies=${proxies}`, { headers })).text();

  it('with no proxy in front, is the connection, whatever X-Forwarded-For the client wrote', async () => {
    // Astro's clientAddress is the socket's address: a client's header proves nothing.
    expect(await ask(0, { 'X-Forwarded-For': '6.6.6.6' })).toBe('127.0.0.1');
    expect(await ask(0, { 'X-Forwarded-For': '6.6.6.6', 'X-Forwarded-Host': 'evil' })).toBe(
      '127.0.0.1',
    );
    expect(await ask(0)).toBe('127.0.0.1');
  });

  it('behind one proxy that appends, is the entry that proxy wrote', async () => {
    // The client wrote 6.6.6.6; the proxy appended the address it saw.
    expect(await ask(1, { 'X-Forwarded-For': '6.6.6.6, 203.0.113.9' })).toBe('203.0.113.9');
    expect(await ask(1, { 'X-Forwarded-For': '203.0.113.9' })).toBe('203.0.113.9');
  });

  it('behind a CDN and a load balancer, is the entry the outer one wrote', async () => {
    expect(await ask(2, { 'X-Forwarded-For': '6.6.6.6, 7.7.7.7, 203.0.113.9, 10.0.0.2' })).toBe(
      '203.0.113.9',
    );
  });

  it('behind a proxy that sent no header, falls back to the connection', async () => {
    expect(await ask(1)).toBe('127.0.0.1');
  });
});

describe('clientIp', () => {
  const headers = (values: Record<string, string>) => ({
    get: (name: string) => values[name] ?? null,
  });

  it('keeps only the characters of an address', () => {
    expect(clientIp(headers({ 'x-forwarded-for': '::ffff:203.0.113.9' }), '10.0.0.1', 1)).toBe(
      '203.0.113.9',
    );
    expect(clientIp(headers({ 'x-forwarded-for': '<script>\u0000' }), '10.0.0.1', 1)).toBe(
      'script',
    );
    expect(clientIp(headers({}), '::ffff:192.0.2.1', 0)).toBe('192.0.2.1');
  });

  it('says "unknown" when there is no address at all', () => {
    expect(clientIp(headers({}), undefined, 0)).toBe('unknown');
    expect(clientIp(headers({ 'x-forwarded-for': '6.6.6.6' }), undefined, 0)).toBe('unknown');
  });

  it('with fewer entries than proxies, takes the leftmost', () => {
    expect(clientIp(headers({ 'x-forwarded-for': '203.0.113.9' }), '10.0.0.1', 3)).toBe(
      '203.0.113.9',
    );
  });
});
