import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { socketUrl } from '@/server/db/embedded';
import {
  Client,
  faultDatabase,
  inspect,
  newKey,
  pool,
  sleep,
  startSite,
  type FaultDatabase,
  type Site,
} from './support';

describe('SIGTERM during a submission', () => {
  let database: FaultDatabase;
  let site: Site | undefined;

  beforeAll(async () => {
    database = await faultDatabase('pglite');
  });
  afterAll(async () => {
    await site?.kill('SIGKILL');
    await database?.close();
  });

  it('lets it finish with a success answer, takes no new one, and exits within 10 s', async () => {
    site = await startSite(database.env);
    const client = new Client(() => site!.url);
    await client.prepare();

    // Headers and half of the body now, the rest after the signal: the request
    // is in the server's hands when SIGTERM arrives.
    const body = JSON.stringify({
      language: 'en',
      method: 'phone',
      contact: '+7 701 555 0142',
      consent: true,
      token: client.formToken,
      key: newKey(),
      page: '/en/contacts',
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: site!.port,
          path: '/api/leads',
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            origin: site!.url,
            'x-forwarded-for': '10.9.9.9',
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode!, body: text }));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 40));
      void sleep(1_000).then(() => request.end(body.slice(40)));
    });
    await sleep(300);
    const signalled = Date.now();
    site.child.kill('SIGTERM');
    await sleep(300);
    // No new connection is taken meanwhile.
    await expect(fetch(`${site.url}/api/health`)).rejects.toThrow();

    const result = await answer;
    expect(result.status).toBe(201);
    expect(JSON.parse(result.body)).toMatchObject({ status: 'accepted' });
    const exit = await site.exited;
    expect(exit.at - signalled).toBeLessThan(10_000);
    expect(exit.code).toBe(0);
    expect(site.lines.some((line) => line.includes('"event":"server.stopped"'))).toBe(true);

    // One JSON line for the lead: its reference and the request id, never the contact.
    const accepted = site.lines
      .filter((line) => line.includes('"event":"lead.accepted"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({
      reference: (JSON.parse(result.body) as { reference: string }).reference,
      requestId: expect.stringMatching(/^[\w-]{36}$/),
      language: 'en',
    });
    expect(site.lines.join('\n')).not.toMatch(/555[\s-]?0142/);
  });
});

describe('SIGTERM to the process that serves the embedded database', () => {
  let database: FaultDatabase;
  let site: Site | undefined;
  let other: pg.Client | undefined;

  beforeAll(async () => {
    database = await faultDatabase('pglite');
  });
  afterAll(async () => {
    await other?.end().catch(() => {});
    await site?.kill('SIGKILL');
    await database?.close();
  });

  it('stops cleanly within 10 s and closes the database, though another process holds a transaction open', async () => {
    site = await startSite(database.env);
    // Another process (a CLI, a worker) on the same database, in the middle of a transaction:
    // every query of the site now waits behind it.
    const lock = JSON.parse(
      readFileSync(path.join(database.target.dataDir!, 'pglite.lock'), 'utf8'),
    ) as { socket: string };
    other = new pg.Client({ connectionString: socketUrl(lock.socket) });
    other.on('error', () => {});
    await other.connect();
    await other.query('BEGIN');
    await sleep(1_500);

    const signalled = Date.now();
    site.child.kill('SIGTERM');
    const exit = await site.exited;
    expect(exit.at - signalled).toBeLessThan(10_000);
    // 1 would mean the deadline hit.
    expect(exit.code).toBe(0);
    expect(site.lines.some((line) => line.includes('"event":"server.stopped"'))).toBe(true);
    expect(site.lines.some((line) => line.includes('"event":"server.shutdown.timeout"'))).toBe(
      false,
    );
    // Closed, not abandoned: the lock is gone and the next process opens the folder at once.
    expect(() => readFileSync(path.join(database.target.dataDir!, 'pglite.lock'))).toThrow();
    site = await startSite(database.env);
    expect((await fetch(`${site.url}/api/health`)).status).toBe(200);
  });
});

describe('SIGTERM in the middle of a stream of submissions, on the embedded database', () => {
  let database: FaultDatabase;
  let site: Site | undefined;

  beforeAll(async () => {
    database = await faultDatabase('pglite');
  });
  afterAll(async () => {
    await site?.kill('SIGKILL');
    await database?.close();
  });

  it('answers the requests in hand, exits 0 within 10 s, and every accepted lead is stored', async () => {
    site = await startSite(database.env);
    const client = new Client(() => site!.url);
    await client.prepare();

    const accepted = new Set<string>();
    const other: string[] = [];
    let signalled = 0;
    await pool(400, 16, async (n) => {
      if (signalled && Date.now() - signalled > 3_000) return;
      const answer = await client.send(n, newKey());
      if (answer.status === 201) accepted.add(answer.body.reference as string);
      else other.push(answer.status === 'network' ? 'network' : String(answer.status));
      if (accepted.size >= 60 && !signalled) {
        signalled = Date.now();
        site!.child.kill('SIGTERM');
      }
    });
    const exit = await site.exited;
    console.info(
      `SIGTERM in a stream: exit ${exit.code} after ${exit.at - signalled} ms; ` +
        `${accepted.size} accepted, ${other.length} refused (${[...new Set(other)].join(', ') || 'none'})`,
    );
    expect(signalled).toBeGreaterThan(0);
    expect(exit.at - signalled).toBeLessThan(10_000);
    expect(exit.code, site.lines.slice(-40).join('\n')).toBe(0);
    // Refused after the signal, or answered: never a failure of the server.
    expect(other.filter((status) => status !== 'network')).toEqual([]);
    expect(() => readFileSync(path.join(database.target.dataDir!, 'pglite.lock'))).toThrow();

    const check = await inspect(database.target);
    try {
      const stored = await check.db.execute<{ reference: string }>(
        sql`SELECT reference FROM leads`,
      );
      const references = new Set(stored.rows.map((row) => row.reference));
      for (const reference of accepted) expect(references.has(reference), reference).toBe(true);
    } finally {
      await check.close();
    }
  });
});
