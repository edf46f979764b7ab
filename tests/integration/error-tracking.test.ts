import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer, type AppHandler } from '@/server/http/site-server';
import { parseServerEnv } from '@/server/env';
import { fieldsFromBody, intakeLead } from '@/server/leads/intake';
import { forgetFormSecret, issueFormToken } from '@/server/leads/form-token';
import { captureLogs, errorDetails, logger } from '@/server/log';
import { initErrorTracking } from '@/server/monitoring/errors';
import {
  errorTrackingOn,
  flushReports,
  reportError,
  resetReporting,
} from '@/server/monitoring/report';
import { assignedRequestId, withRequestIds } from '@/server/monitoring/request-ids';
import { routeFailed } from '@/server/monitoring/route-errors';
import { startFakeSentry, type FakeSentry } from '../support/fake-sentry';
import { runScript, stop } from '../support/processes';
import {
  backends,
  createTestDatabase,
  insertLeadsWithJobs,
  type TestDatabase,
} from '../support/test-db';

/*
 * Error reports (src/server/monitoring/) against a stand-in Sentry: a request
 * that fails in the site's server, and the outbox worker as its own process.
 * What a visitor sends must reach no report: it is looked for in every byte
 * the stand-in received.
 */

/** What the visitor typed: none of it may reach a report, in any spelling. */
const visitor = {
  name: 'Zhanibek Kairatuly',
  phone: '+7 701 555 0199',
  email: 'zhanibek.k@mail-sample.kz',
};
const forbidden = [
  'Zhanibek',
  'Kairatuly',
  'zhanibek',
  'mail-sample',
  '5550199',
  '555 0199',
  '555%200199',
  '%2B7701',
];
/** The visitor's address, as the intake counts it: no report may carry it either. */
const peer = '203.0.113.9';
const query = `?name=${encodeURIComponent(visitor.name)}&phone=${encodeURIComponent(visitor.phone)}&email=${encodeURIComponent(visitor.email)}`;

function expectNoContactData(text: string) {
  for (const secret of forbidden) expect(text, `"${secret}" in a report`).not.toContain(secret);
}

type Answer = { status: number; headers: IncomingHttpHeaders };

function post(port: number, target: string, body: string, headers: Record<string, string>) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: target,
      method: 'POST',
      headers: { 'Content-Length': String(Buffer.byteLength(body)), ...headers },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function close(server: http.Server) {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** The files built ahead: none, everything here is answered per request. */
let noFiles: string;
beforeAll(async () => {
  noFiles = await mkdtemp(path.join(tmpdir(), 'error-tracking-client-'));
});
afterAll(() => rm(noFiles, { recursive: true, force: true }));

describe('with SENTRY_DSN unset', () => {
  it('nothing starts and nothing is reported', async () => {
    expect(await initErrorTracking('server', { env: {} })).toBe(false);
    expect(errorTrackingOn()).toBe(false);
    expect(reportError(new Error('nobody hears this'))).toBe(false);
  });

  it('a malformed DSN stops start-up with a message naming it', () => {
    expect(() => parseServerEnv({ SENTRY_DSN: 'https://sentry.io/' })).toThrow(
      /SENTRY_DSN: must be the DSN your Sentry or GlitchTip project shows/,
    );
    expect(parseServerEnv({ SENTRY_DSN: 'https://key@app.glitchtip.com/12' }).SENTRY_DSN).toBe(
      'https://key@app.glitchtip.com/12',
    );
  });
});

describe('the request id', () => {
  const echo: AppHandler = (request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/plain' });
    response.end(String(request.headers['x-request-id']));
  };

  async function idsWith(trustedProxies: number, given: string | undefined) {
    const server = createSiteServer({
      clientDir: noFiles,
      app: withRequestIds(echo, trustedProxies),
    });
    const port = await listen(server);
    try {
      return await new Promise<{ header: string; seen: string }>((resolve, reject) => {
        const request = http.get({
          host: '127.0.0.1',
          port,
          path: '/api/anything',
          headers: given === undefined ? {} : { 'X-Request-Id': given },
        });
        request.on('response', (response) => {
          let seen = '';
          response.on('data', (chunk: Buffer) => (seen += chunk.toString()));
          response.on('end', () =>
            resolve({ header: String(response.headers['x-request-id']), seen }),
          );
        });
        request.on('error', reject);
      });
    } finally {
      await close(server);
    }
  }

  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('is the trusted proxy’s when it is a plain token, and is sent back', async () => {
    expect(await idsWith(1, 'edge-7f3a.42')).toEqual({
      header: 'edge-7f3a.42',
      seen: 'edge-7f3a.42',
    });
  });

  it('is a new one otherwise: none given, not a plain token, or no proxy to trust', async () => {
    for (const [trusted, given] of [
      [1, undefined],
      [1, 'two words'],
      [1, 'x'.repeat(129)],
      [0, 'chosen-by-the-client'],
    ] as const) {
      const { header, seen } = await idsWith(trusted, given);
      expect(header, `${trusted} ${given}`).toMatch(uuid);
      // The handler (and so the intake, which reads it there) sees the same id.
      expect(seen).toBe(header);
    }
  });
});

describe.each(backends)('a request that fails in the site server, on %s', (backend) => {
  let test: TestDatabase;
  let sentry: FakeSentry;
  let server: http.Server;
  let port: number;
  const logs = captureLogs();

  /**
   * What Astro does with the lead API, as the site's middleware wraps it: the
   * intake with this database; an error it throws goes through the
   * middleware's hook and becomes a 500.
   */
  const app: AppHandler = async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = new Headers(request.headers as Record<string, string>);
    try {
      const answer = await intakeLead(
        headers,
        peer,
        () => fieldsFromBody(Buffer.concat(chunks).toString(), headers.get('content-type') ?? ''),
        () => Promise.resolve(test.db),
      ).catch(routeFailed(request.url!.split('?')[0]!));
      response.writeHead(answer.result.httpStatus).end();
    } catch {
      response.writeHead(500).end();
    }
  };

  beforeAll(async () => {
    [test, sentry] = await Promise.all([createTestDatabase(backend), startFakeSentry()]);
    forgetFormSecret();
    // A database that refuses the lead, quoting what the visitor sent in its error.
    await test.db.execute(sql`
      CREATE FUNCTION refuse_lead() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'lead refused for % (%)', NEW.contact_value, NEW.message; END $$`);
    await test.db.execute(sql`
      CREATE TRIGGER refuse_lead BEFORE INSERT ON leads
      FOR EACH ROW EXECUTE FUNCTION refuse_lead()`);
    resetReporting();
    expect(
      await initErrorTracking('server', { env: { SENTRY_DSN: sentry.dsn() }, nodeEnv: 'test' }),
    ).toBe(true);
    server = createSiteServer({
      clientDir: noFiles,
      app: withRequestIds(app, 1),
      onError: (error, request) =>
        logger.error(
          {
            event: 'server.request.error',
            requestId: assignedRequestId(request),
            ...errorDetails(error),
          },
          'a request failed in the server',
        ),
    });
    port = await listen(server);
  }, 60_000);

  afterAll(async () => {
    logs.stop();
    const Sentry = await import('@sentry/node');
    await Sentry.close(2_000);
    resetReporting();
    forgetFormSecret();
    await Promise.all([server && close(server), sentry?.close(), test?.close()]);
  });

  it('is reported once, with its request id, and nothing the visitor sent', async () => {
    sentry.reset();
    const body = JSON.stringify({
      language: 'en',
      method: 'phone',
      contact: visitor.phone,
      name: visitor.name,
      message: `or write to ${visitor.email}`,
      consent: 'on',
      page: '/en/contacts',
      token: await issueFormToken(test.db, Date.now() - 60_000),
      key: crypto.randomUUID(),
    });
    const answer = await post(port, `/api/leads${query}`, body, {
      'Content-Type': 'application/json',
      Origin: `http://127.0.0.1:${port}`,
      'X-Request-Id': 'edge-req-0001',
      Cookie: `visitor=${encodeURIComponent(visitor.name)}`,
    });
    expect(answer.status).toBe(500);
    expect(answer.headers['x-request-id']).toBe('edge-req-0001');

    const [event] = await sentry.waitForEvents(1);
    // Every report made by then is sent: the one there is the only one.
    await flushReports();
    expect(sentry.events()).toHaveLength(1);
    expect(event!.tags).toMatchObject({
      request_id: 'edge-req-0001',
      event: 'lead.error',
      service: 'server',
    });
    expect(event!.environment).toBe('test');
    const values = event!.exception?.values ?? [];
    expect(values.map((value) => value.value)).toContain(
      'lead refused for [redacted] (or write to [redacted])',
    );
    expect(values.some((value) => (value.stacktrace?.frames?.length ?? 0) > 0)).toBe(true);
    expect(event!.request).toBeUndefined();
    expect(event!.user).toBeUndefined();
    expectNoContactData(sentry.raw());
    expect(sentry.raw()).not.toContain(peer);

    // Two error lines for it (the intake's and the route's), each with the id; one report.
    const lines = logs.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.requestId === 'edge-req-0001');
    expect(lines.map((line) => line.event)).toEqual(
      expect.arrayContaining(['lead.error', 'request.error']),
    );
    expectNoContactData(logs.lines.join('\n'));
  });

  it('outside the pages (the server’s own handling) is reported with its id too', async () => {
    sentry.reset();
    const failing = createSiteServer({
      clientDir: noFiles,
      app: withRequestIds(() => {
        throw new Error(`handler broke on ${visitor.email}`);
      }, 1),
      onError: (error, request) =>
        logger.error(
          {
            event: 'server.request.error',
            requestId: assignedRequestId(request),
            ...errorDetails(error),
          },
          'a request failed in the server',
        ),
    });
    const failingPort = await listen(failing);
    try {
      const answer = await post(failingPort, `/api/leads${query}`, '{}', {
        'X-Request-Id': `edge-req-${backend}`,
      });
      expect(answer.status).toBe(500);
    } finally {
      await close(failing);
    }
    const [event] = await sentry.waitForEvents(1);
    expect(event!.tags).toMatchObject({
      request_id: `edge-req-${backend}`,
      event: 'server.request.error',
    });
    expect(event!.exception?.values?.[0]?.value).toBe('handler broke on [redacted]');
    expectNoContactData(sentry.raw());
  });
});

describe.each(backends)('the outbox worker, on %s', (backend) => {
  let test: TestDatabase;
  let sentry: FakeSentry;
  let probeDir: string;

  beforeAll(async () => {
    [test, sentry, probeDir] = await Promise.all([
      createTestDatabase(backend),
      startFakeSentry(),
      mkdtemp(path.join(tmpdir(), 'sentry-probe-')),
    ]);
    // Loaded into the worker (NODE_OPTIONS): notes every @sentry package the process imports.
    await writeFile(
      path.join(probeDir, 'probe.mjs'),
      `import { register } from 'node:module';
register(${JSON.stringify(pathToFileURL(path.join(probeDir, 'hooks.mjs')).href)});`,
    );
    await writeFile(
      path.join(probeDir, 'hooks.mjs'),
      `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@sentry/')) appendFileSync(${JSON.stringify(path.join(probeDir, 'loaded'))}, specifier + '\\n');
  return next(specifier, context);
}`,
    );
  }, 60_000);
  afterAll(async () => {
    await Promise.all([
      test?.close(),
      sentry?.close(),
      rm(probeDir, { recursive: true, force: true }),
    ]);
  });

  const database = (): Record<string, string> =>
    test.dataDir ? { DATA_DIR: test.dataDir } : { DATABASE_URL: test.url };
  const loaded = () => readFile(path.join(probeDir, 'loaded'), 'utf8').catch(() => '');

  /** Runs the worker until `until` holds, with the outbox table moved away once it gave the job up. */
  async function runWorker(
    env: Record<string, string>,
    until: (output: string) => boolean,
  ): Promise<string> {
    const worker = runScript('scripts/worker.mts', [], {
      ...database(),
      ...env,
      NODE_OPTIONS: `--import=${pathToFileURL(path.join(probeDir, 'probe.mjs')).href}`,
      LOG_LEVEL: 'warn',
    });
    let output = '';
    worker.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const deadline = Date.now() + 45_000;
      let moved = false;
      while (!until(output)) {
        if (Date.now() > deadline || worker.exitCode !== null)
          throw new Error(`the worker did not get there: ${output}`);
        if (!moved && output.includes('"event":"delivery.failed"')) {
          // Every round now fails on a table that is not there.
          await test.db.execute(sql`ALTER TABLE outbox_jobs RENAME TO outbox_jobs_away`);
          moved = true;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await stop(worker);
      await test.db.execute(sql`ALTER TABLE IF EXISTS outbox_jobs_away RENAME TO outbox_jobs`);
    }
    return output;
  }

  it('reports a job given up and a failed round, without the lead’s contact', async () => {
    // A job for a channel this worker has not configured: given up at once.
    await insertLeadsWithJobs(test.db, { count: 1, prefix: 'ERR', channel: 'webhook' });
    const output = await runWorker({ SENTRY_DSN: sentry.dsn(7) }, () =>
      sentry.events().some((event) => event.tags?.event === 'worker.error'),
    );
    const events = sentry.events();
    const givenUp = events.find((event) => event.tags?.event === 'delivery.failed');
    expect(givenUp, output).toMatchObject({
      level: 'error',
      tags: { service: 'worker' },
      contexts: { details: { channel: 'webhook', reference: 'ERR00000' } },
    });
    expect(JSON.stringify(givenUp!.message)).toContain(
      'Delivery given up on webhook: channel webhook is not configured',
    );
    const round = events.find((event) => event.tags?.event === 'worker.error');
    expect(round!.tags).toMatchObject({ service: 'worker' });
    // Quoted names are left out of a report's messages like anything quoted.
    expect(round!.exception?.values?.[0]?.value).toMatch(/^relation "\[redacted\]" does not exist/);
    expect(round!.contexts?.details).toMatchObject({ errorCode: '42P01' });
    expect(sentry.envelopes.every((envelope) => envelope.project === '7')).toBe(true);
    // The contact insertLeadsWithJobs stored (+77011000000), in any spelling.
    expect(sentry.raw()).not.toMatch(/7011000000|701 100 0000/);
    expect(await loaded()).toContain('@sentry/node');
  }, 60_000);

  it('without SENTRY_DSN loads no part of Sentry and sends nothing', async () => {
    sentry.reset();
    await rm(path.join(probeDir, 'loaded'), { force: true });
    await insertLeadsWithJobs(test.db, { count: 1, prefix: 'OFF', channel: 'webhook' });
    // Until a round has failed, which would have been reported.
    const output = await runWorker({}, (sofar) => sofar.includes('"event":"worker.error"'));
    expect(output).toContain('"event":"delivery.failed"');
    expect(sentry.envelopes).toEqual([]);
    expect(await loaded()).toBe('');
  }, 60_000);
});
