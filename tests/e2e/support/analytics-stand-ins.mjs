#!/usr/bin/env node
/**
 * Stand-ins for the analytics providers, on one loopback port
 * (E2E_ANALYTICS_PORT): a Yandex Metrica tag, Google's gtag.js and an Umami
 * script, each doing what the real one does that the site relies on (a queue,
 * a first-party cookie, a client id, goals sent to a collect endpoint), and
 * the collect endpoint itself. GET /calls lists every request that reached
 * this server, so a test can see that none did before consent; GET /reset
 * forgets them.
 */
import { createServer } from 'node:http';

const port = Number(process.env.E2E_ANALYTICS_PORT ?? 3106);
let calls = [];

const collect = `(kind, body) => fetch(new URL('/collect/' + kind, document.currentScript?.src || SELF).href, {
  method: 'POST', body: JSON.stringify(body), keepalive: true, mode: 'no-cors',
  headers: { 'content-type': 'text/plain' } })`;

const scripts = {
  '/metrika/tag.js': `(() => {
  const SELF = ${JSON.stringify(`http://127.0.0.1:${port}/metrika/tag.js`)};
  const send = ${collect};
  const queued = (window.ym && window.ym.a) || [];
  let uid = (document.cookie.match(/(?:^|; )_ym_uid=(\\d+)/) || [])[1];
  function ym(id, method, ...args) {
    if (method === 'init') {
      if (!uid) {
        uid = String(Date.now()) + String(Math.floor(Math.random() * 1e6));
        document.cookie = '_ym_uid=' + uid + '; path=/; max-age=31536000; SameSite=Lax';
        document.cookie = '_ym_d=' + Math.floor(Date.now() / 1000) + '; path=/; max-age=31536000; SameSite=Lax';
      }
      send('metrika', { counter: id, type: 'hit', url: location.href });
    } else if (method === 'reachGoal') {
      send('metrika', { counter: id, type: 'goal', goal: args[0], params: args[1] || {}, uid });
    } else if (method === 'hit') {
      send('metrika', { counter: id, type: 'hit', url: args[0] });
    } else if (method === 'getClientID') {
      args[0](uid);
    }
  }
  window.ym = ym;
  for (const args of queued) ym(...args);
})();`,
  '/gtag/js': `(() => {
  const SELF = ${JSON.stringify(`http://127.0.0.1:${port}/gtag/js`)};
  const send = ${collect};
  let cid = (document.cookie.match(/(?:^|; )_ga=GA1\\.1\\.(\\d+\\.\\d+)/) || [])[1];
  function handle(args) {
    const [command, ...rest] = Array.from(args);
    if (command === 'config') {
      if (!cid) {
        cid = Math.floor(Math.random() * 1e9) + '.' + Math.floor(Date.now() / 1000);
        document.cookie = '_ga=GA1.1.' + cid + '; path=/; max-age=63072000; SameSite=Lax';
      }
      send('ga4', { id: rest[0], type: 'page_view', url: location.href, options: rest[1] || {} });
    } else if (command === 'event') {
      send('ga4', { type: 'event', name: rest[0], params: rest[1] || {}, cid });
    } else if (command === 'get' && rest[1] === 'client_id') {
      rest[2](cid);
    } else if (command === 'consent') {
      send('ga4', { type: 'consent', mode: rest[0], state: rest[1] });
    }
  }
  const layer = (window.dataLayer = window.dataLayer || []);
  // 'config' first: it makes the client id the queued 'get' asks for.
  const queued = layer.slice().sort((a, b) => (a[0] === 'config' ? -1 : 0) - (b[0] === 'config' ? -1 : 0));
  queued.forEach(handle);
  layer.push = (args) => { handle(args); return Array.prototype.push.call(layer, args); };
})();`,
  '/umami/script.js': `(() => {
  const SELF = ${JSON.stringify(`http://127.0.0.1:${port}/umami/script.js`)};
  const send = ${collect};
  const website = document.currentScript && document.currentScript.getAttribute('data-website-id');
  send('umami', { website, type: 'pageview', url: location.href });
  window.umami = { track: (name, data) => send('umami', { website, type: 'event', name, data: data || {} }) };
})();`,
};

createServer(async (request, response) => {
  let body = '';
  for await (const chunk of request) body += chunk;
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
  if (url.pathname === '/calls') {
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify(calls));
    return;
  }
  if (url.pathname === '/reset') {
    calls = [];
    response.end('{}');
    return;
  }
  calls.push({
    method: request.method,
    path: url.pathname,
    query: url.search,
    referer: request.headers.referer ?? null,
    body: body ? JSON.parse(body) : null,
  });
  const script = scripts[url.pathname];
  if (request.method === 'GET' && script) {
    response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    response.setHeader('Cache-Control', 'no-store');
    response.end(script);
    return;
  }
  if (request.method === 'POST' && url.pathname.startsWith('/collect/')) {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.end('{}');
    return;
  }
  response.statusCode = 404;
  response.end('{}');
}).listen(port, '127.0.0.1');
