import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAnswer, sendRequest } from './requests';

describe("the leads API's answers, as the form shows them", () => {
  it('reads an accepted request, a refusal with its fields, and the failures', () => {
    expect(readAnswer({ status: 'accepted', reference: 'AB-1234', method: 'email' })).toEqual({
      status: 'success',
      reference: 'AB-1234',
      method: 'email',
    });
    expect(
      readAnswer({
        status: 'invalid',
        errors: { contact: 'emailInvalid', consent: 'consentRequired', page: 'madeUp' },
        message: 'Please correct the highlighted fields.',
      }),
    ).toEqual({
      status: 'invalid',
      errors: { contact: 'emailInvalid', consent: 'consentRequired' },
      message: 'Please correct the highlighted fields.',
    });
    expect(readAnswer({ status: 'rate_limited', retryAfter: 60, message: 'Wait.' })).toEqual({
      status: 'failed',
      kind: 'rate_limited',
      message: 'Wait.',
    });
    expect(readAnswer({ status: 'method_not_allowed', message: 'POST.' })).toMatchObject({
      kind: 'bad_request',
    });
  });

  it('knows nothing from an answer that is not the API’s', () => {
    expect(readAnswer('<html>502 Bad Gateway</html>')).toEqual({ status: 'unreachable' });
    expect(readAnswer({ status: 'unavailable' })).toEqual({ status: 'unreachable' });
    expect(readAnswer({ status: 'accepted', reference: 'AB-1', method: 'fax' })).toEqual({
      status: 'unreachable',
    });
  });
});

describe('sending a request', () => {
  const received: { method: string; type: string; body: string }[] = [];
  let server: Server;
  let status = 201;
  let base: string;
  const original = globalThis.fetch;
  // The form calls the API by its path on the page's origin: here, the test server's.
  const onServer: typeof fetch = (input, init) =>
    original(typeof input === 'string' ? `${base}${input}` : input, init);

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({
          method: request.method ?? '',
          type: request.headers['content-type'] ?? '',
          body,
        });
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(
            status === 201
              ? { status: 'accepted', reference: 'ZX-0001', method: 'phone' }
              : { status: 'unavailable', retryAfter: 30, message: 'Try again in a minute.' },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    globalThis.fetch = onServer;
  });
  afterAll(async () => {
    globalThis.fetch = original;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('posts the form’s fields as a form would, and reads the answer', async () => {
    received.length = 0;
    status = 201;
    const fields = new URLSearchParams({ method: 'phone', contact: '+7 916 123-45-67' });
    expect(await sendRequest(fields)).toEqual({
      status: 'success',
      reference: 'ZX-0001',
      method: 'phone',
    });
    expect(received).toEqual([
      {
        method: 'POST',
        type: expect.stringMatching(/^application\/x-www-form-urlencoded/),
        body: 'method=phone&contact=%2B7+916+123-45-67',
      },
    ]);
  });

  it('never sends a request twice: a 503 is shown, not retried', async () => {
    received.length = 0;
    status = 503;
    expect(await sendRequest(new URLSearchParams({ contact: 'a@example.com' }))).toEqual({
      status: 'failed',
      kind: 'unavailable',
      message: 'Try again in a minute.',
    });
    expect(received).toHaveLength(1);
  });

  it('says so when nothing answers', async () => {
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    try {
      expect(await sendRequest(new URLSearchParams())).toEqual({ status: 'unreachable' });
    } finally {
      globalThis.fetch = onServer;
    }
  });
});
