#!/usr/bin/env node
/**
 * Stand-ins for the outside services the end-to-end server delivers leads to,
 * on one loopback port (E2E_STANDIN_PORT): the Telegram Bot API's sendMessage
 * and a webhook receiver that checks the signature. GET /calls returns what
 * each received, so a test can see that a lead was delivered, and how.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.env.E2E_STANDIN_PORT ?? 3105);
const secret = process.env.LEADS_WEBHOOK_SECRET ?? '';
const calls = { telegram: [], webhook: [] };

function verified(body, timestamp, signature) {
  const expected = Buffer.from(
    `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
  );
  const given = Buffer.from(signature ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

createServer(async (request, response) => {
  let body = '';
  for await (const chunk of request) body += chunk;
  response.setHeader('Content-Type', 'application/json');
  if (request.method === 'GET' && request.url === '/calls') {
    response.end(JSON.stringify(calls));
    return;
  }
  if (request.method === 'POST' && /^\/bot[^/]+\/sendMessage$/.test(request.url ?? '')) {
    calls.telegram.push(JSON.parse(body || '{}'));
    response.end(JSON.stringify({ ok: true, result: { message_id: calls.telegram.length } }));
    return;
  }
  if (request.method === 'POST' && request.url === '/webhook') {
    const ok = verified(
      body,
      request.headers['x-webhook-timestamp'],
      request.headers['x-webhook-signature'],
    );
    if (!ok) {
      response.statusCode = 401;
      response.end('{}');
      return;
    }
    calls.webhook.push({ id: request.headers['x-webhook-id'], body: JSON.parse(body) });
    response.end('{}');
    return;
  }
  response.statusCode = 404;
  response.end('{}');
}).listen(port, '127.0.0.1');
