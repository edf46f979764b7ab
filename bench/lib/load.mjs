/**
 * Load tests of `npm run bench`: static-page requests a second (the site
 * against plain Node serving the same bytes from memory and against a bare
 * server), and accepted consultation requests a second through the HTTP API.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from './process.mjs';

/**
 * wrk, where the system has it (`apt-get install wrk`). Static-page rates are
 * measured with it when it is there: autocannon runs in one JavaScript thread
 * and, against nginx, measures itself rather than the server.
 */
const wrkBinary = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((file) => existsSync(file));
export const loadTool = wrkBinary ? 'wrk' : 'autocannon';

/** Requests a second, p99 and errors of GET `url` under `connections` for `seconds`. */
export async function load({ url, connections, headers = {}, seconds }) {
  if (!wrkBinary) {
    const result = await autocannon({ url, connections, headers, duration: seconds });
    return {
      requestsPerSecond: result.requests.average,
      p99Ms: result.latency.p99,
      errors: result.errors + result.non2xx,
    };
  }
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => [
    '-H',
    `${name}: ${value}`,
  ]);
  // Not spawnSync: a server in this process (the plain Node baseline) must keep answering.
  const child = spawn(
    wrkBinary,
    ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', ...headerArgs, url],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`wrk failed: ${err}`);
  const number = (pattern) => Number(pattern.exec(out)?.[1] ?? 0);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99Ms = p99 ? Number(p99[1]) * { us: 0.001, ms: 1, s: 1000 }[p99[2]] : 0;
  return {
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    p99Ms: Math.round(p99Ms * 10) / 10,
    errors: number(/Non-2xx or 3xx responses:\s+(\d+)/) + number(/Socket errors:.*?timeout (\d+)/),
  };
}

/**
 * Requests a second of each of `urls`, one after the other under 50
 * connections, asked as browsers ask (compression accepted), after 2 s of
 * warming `warm` up (for a cache: filling it).
 */
export async function staticRates(warm, urls, seconds) {
  const headers = { 'accept-encoding': 'gzip, br' };
  await load({ url: warm, connections: 10, seconds: 2, headers });
  const rates = [];
  for (const url of urls)
    rates.push((await load({ url, connections: 50, headers, seconds })).requestsPerSecond);
  return rates;
}

/**
 * A priced page asked for by a visitor whose cookie names another currency
 * than the page's language's: rendered per request the first time, then
 * answered from the process's memory (src/server/http/render-cache.ts);
 * against the same page in its own currency, answered from the files. Both
 * compressed as browsers ask, from `npm start` alone.
 */
export async function inAnotherCurrency(url, currency, seconds) {
  const headers = { 'accept-encoding': 'gzip, br' };
  const other = { ...headers, cookie: `currency=${currency}` };
  const first = await fetch(url, { headers: other });
  await first.arrayBuffer();
  if (first.status !== 200) throw new Error(`${url} in ${currency} answered ${first.status}`);
  await load({ url, connections: 10, seconds: 2, headers: other }); // warm-up
  const rendered = await load({ url, connections: 50, seconds, headers: other });
  const own = await load({ url, connections: 50, seconds, headers });
  return {
    currency,
    rendered,
    own,
    ratio: rendered.requestsPerSecond / own.requestsPerSecond,
  };
}

/** The site's static page against plain Node `http` serving the same bytes from memory. */
export async function againstPlainNode(url, seconds) {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  await load({ url, connections: 10, seconds: 2 }); // warm-up
  const site = await load({ url, connections: 50, seconds });
  const port = await freePort();
  const plain = http.createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
    });
    response.end(body);
  });
  await new Promise((resolve) => plain.listen(port, '127.0.0.1', resolve));
  try {
    const baseline = await load({ url: `http://127.0.0.1:${port}/`, connections: 50, seconds });
    return {
      site,
      plainNode: baseline,
      ratio: site.requestsPerSecond / baseline.requestsPerSecond,
    };
  } finally {
    await new Promise((resolve) => plain.close(resolve));
  }
}

const randomIp = () =>
  `10.${1 + Math.floor(Math.random() * 254)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/**
 * Accepted consultation requests a second through the HTTP API, and their
 * p99; `{ missing }` when the site has no form API (yet).
 */
export async function formSubmissions(base, seconds) {
  const tokenResponse = await fetch(`${base}/api/leads/token`);
  if (!tokenResponse.ok)
    return { missing: `GET /api/leads/token answered ${tokenResponse.status}` };
  const { token } = await tokenResponse.json();
  const origin = new URL(base).origin;
  const result = await autocannon({
    url: `${base}/api/leads`,
    connections: 16,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          headers: {
            'content-type': 'application/json',
            origin,
            'x-forwarded-for': randomIp(),
          },
          body: JSON.stringify({
            language: 'en',
            method: 'phone',
            contact: '+7 701 123 4567',
            consent: true,
            token,
            // As the form reports it: the page had been open long enough for a person.
            shownMs: 30_000,
            key: randomUUID(),
            page: '/en/contacts',
          }),
        }),
      },
    ],
  });
  return {
    acceptedPerSecond: result['2xx'] / result.duration,
    p99Ms: result.latency.p99,
    accepted: result['2xx'],
    refused: result.non2xx,
    errors: result.errors,
  };
}

/** A database of its own on the test server for `run(url)`, dropped afterwards. */
export async function withBenchDatabase(testUrl, run) {
  const admin = new pg.Client({ connectionString: testUrl });
  await admin.connect();
  const name = `bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(testUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.href);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
