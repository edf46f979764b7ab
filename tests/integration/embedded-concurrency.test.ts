import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { openEmbeddedDatabase, socketUrl, type EmbeddedDatabase } from '@/server/db/embedded';
import { serveEmbedded } from '@/server/db/embedded-server';

/*
 * The embedded database is one PGlite session shared by every connection of
 * every process: at the socket, with many `pg` clients at once, each must get
 * its own answers, whole, and a transaction must stay its own.
 */

const clients = 16;
const rounds = 80;
/** Longer than any query here takes, even queued behind fifteen others on a busy machine. */
const hangMs = 15_000;

type Tally = { queries: number; wrong: string[]; hangs: number; errors: string[] };

/** A query that fails the test's count (not the test) when it hangs. */
async function timed<T>(tally: Tally, what: string, query: Promise<T>): Promise<T | undefined> {
  tally.queries += 1;
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), hangMs);
  });
  try {
    const result = await Promise.race([query, hung]);
    if (result === 'hung') {
      tally.hangs += 1;
      return undefined;
    }
    return result;
  } catch (error) {
    tally.errors.push(`${what}: ${(error as Error).message}`);
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

describe('the embedded database under concurrent connections', () => {
  let dir: string;
  let database: EmbeddedDatabase;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'agency-concurrency-'));
    database = await openEmbeddedDatabase(dir);
    const setup = new pg.Client({ connectionString: database.url });
    await setup.connect();
    await setup.query('CREATE TABLE marks (id serial PRIMARY KEY, client int, n int, tag text)');
    await setup.end();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function connected(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: database.url });
    client.on('error', () => {});
    await client.connect();
    return client;
  }

  it(`gives each of ${clients} clients exactly its own results: simple and parameterised queries, errors and transactions`, async () => {
    const tally: Tally = { queries: 0, wrong: [], hangs: 0, errors: [] };
    const check = (ok: boolean, what: string) => {
      if (!ok) tally.wrong.push(what);
    };

    const work = async (c: number) => {
      const client = await connected();
      let committed = 0;
      try {
        for (let i = 0; i < rounds; i++) {
          // The simple protocol (no parameters): one Query message.
          const simple = await timed(
            tally,
            'simple',
            client.query<{ c: number; i: number }>(`SELECT ${c} AS c, ${i} AS i`),
          );
          check(simple?.rows[0]?.c === c && simple.rows[0].i === i, `simple ${c}/${i}`);

          // The extended protocol: Parse, Bind, Describe, Execute, Sync.
          const padding = (c * 7 + i) % 50;
          const extended = await timed(
            tally,
            'extended',
            client.query<{ c: number; i: number; pad: string }>(
              `SELECT $1::int AS c, $2::int AS i, repeat('x', $3::int) AS pad`,
              [c, i, padding],
            ),
          );
          check(
            extended?.rows.length === 1 &&
              extended.rows[0]!.c === c &&
              extended.rows[0]!.i === i &&
              extended.rows[0]!.pad.length === padding,
            `extended ${c}/${i}`,
          );

          // A statement that fails in the extended protocol: its error is this
          // client's, and the next query is answered as usual.
          if (i % 10 === 3) {
            tally.queries += 1;
            const failed = await client.query('SELECT 1 / $1::int', [0]).then(
              () => undefined,
              (error: { code?: string }) => error.code,
            );
            check(failed === '22012', `division by zero ${c}/${i}: ${failed}`);
          }

          // A short transaction: what it reads is what it wrote, nobody else's.
          if (i % 4 === 1) {
            const steps = async () => {
              await client.query('BEGIN');
              await client.query('INSERT INTO marks (client, n) VALUES ($1, $2)', [c, i]);
              const seen = await client.query<{ n: number }>(
                'SELECT count(*)::int AS n FROM marks WHERE client = $1',
                [c],
              );
              await client.query('COMMIT');
              return seen.rows[0]!.n;
            };
            tally.queries += 3;
            const seen = await timed(tally, 'transaction', steps());
            committed += 1;
            check(seen === committed, `transaction ${c}/${i}: saw ${seen}, not ${committed}`);
          }
        }
      } finally {
        await client.end().catch(() => {});
      }
      return committed;
    };

    const started = Date.now();
    const committed = await Promise.all(Array.from({ length: clients }, (_, c) => work(c)));
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `embedded socket: ${tally.queries} queries from ${clients} clients in ${seconds.toFixed(1)} s: ` +
        `${tally.wrong.length} wrong, ${tally.hangs} hung, ${tally.errors.length} errors`,
    );
    expect(tally.wrong.slice(0, 5)).toEqual([]);
    expect(tally.errors.slice(0, 5)).toEqual([]);
    expect(tally.hangs).toBe(0);
    expect(tally.queries).toBeGreaterThan(3_000);

    const check2 = await connected();
    try {
      const stored = await check2.query<{ client: number; n: number }>(
        'SELECT client, count(*)::int AS n FROM marks WHERE tag IS NULL GROUP BY client',
      );
      expect(Object.fromEntries(stored.rows.map((row) => [row.client, row.n]))).toEqual(
        Object.fromEntries(committed.map((n, c) => [c, n])),
      );
    } finally {
      await check2.end();
    }
  }, 120_000);

  it('keeps an open transaction its own: another client neither sees into it nor is part of it', async () => {
    const a = await connected();
    const b = await connected();
    try {
      await a.query('BEGIN');
      await a.query(`INSERT INTO marks (tag) VALUES ('a-uncommitted')`);
      // B's statements arrive while A's transaction is open.
      const bInsert = b.query(`INSERT INTO marks (tag) VALUES ('b-committed')`);
      const bSees = b.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM marks WHERE tag = 'a-uncommitted'`,
      );
      await expect
        .poll(() => database.stats!().waiting, { timeout: 10_000, interval: 5 })
        .toBeGreaterThan(0);
      // Inside A's transaction, B's insert has not happened.
      const aSees = await a.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM marks WHERE tag = 'b-committed'`,
      );
      expect(aSees.rows[0]!.n).toBe(0);
      await a.query('ROLLBACK');
      await bInsert;
      expect((await bSees).rows[0]!.n).toBe(0);

      // A's rollback took only A's row; B's insert was committed on its own.
      const after = await b.query<{ tag: string; n: number }>(
        `SELECT tag, count(*)::int AS n FROM marks WHERE tag IS NOT NULL GROUP BY tag`,
      );
      expect(after.rows).toEqual([{ tag: 'b-committed', n: 1 }]);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it.each([
    ['says goodbye (Terminate)', (client: pg.Client) => client.end()],
    [
      'drops the connection',
      (client: pg.Client) => {
        (
          client as unknown as { connection: { stream: { destroy: () => void } } }
        ).connection.stream.destroy();
        return Promise.resolve();
      },
    ],
  ])(
    'rolls back the transaction of a client that %s in the middle of it, and the others go on',
    async (_how, leave) => {
      const gone = await connected();
      const other = await connected();
      try {
        await gone.query('BEGIN');
        await gone.query(`INSERT INTO marks (tag) VALUES ('left-behind')`);
        // Queued behind the open transaction, then answered once it is rolled back.
        const waiting = other.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM marks WHERE tag = 'left-behind'`,
        );
        await expect
          .poll(() => database.stats!().waiting, { timeout: 10_000, interval: 5 })
          .toBeGreaterThan(0);
        await leave(gone);
        expect((await waiting).rows[0]!.n).toBe(0);
        const status = await other.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM marks WHERE tag = 'left-behind'`,
        );
        expect(status.rows[0]!.n).toBe(0);
        // The session is idle again: a transaction of the other client starts afresh.
        await other.query('BEGIN');
        await other.query('COMMIT');
      } finally {
        await other.end();
      }
    },
  );

  it('keeps the turn of a client that sends Flush in the middle of the extended protocol (as a cursor does)', async () => {
    // Parse, Bind, Execute of 2 rows and Flush: the portal is open until Sync, and
    // another client's query in between would replace it.
    const raw = await rawClient(database.socket);
    const other = await connected();
    try {
      raw.send(
        frontend('P', cString(''), cString('SELECT generate_series(1, 5) AS n'), int16(0)),
        frontend('B', cString(''), cString(''), int16(0), int16(0), int16(0)),
        frontend('E', cString(''), int32(2)),
        frontend('H'),
      );
      expect(await raw.until('s')).toEqual(['1', '2', 'D', 'D', 's']);
      const interleaved = other.query<{ n: number }>('SELECT 42 AS n');
      await expect
        .poll(() => database.stats!().waiting, { timeout: 10_000, interval: 5 })
        .toBeGreaterThan(0);
      raw.send(frontend('E', cString(''), int32(0)), frontend('S'));
      expect(await raw.until('Z')).toEqual(['D', 'D', 'D', 'C', 'Z']);
      expect(raw.rows).toEqual(['1', '2', '3', '4', '5']);
      expect((await interleaved).rows).toEqual([{ n: 42 }]);
    } finally {
      raw.close();
      await other.end();
    }
  });
});

const int16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeInt16BE(value);
  return bytes;
};
const int32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
};
const cString = (text: string) => Buffer.from(`${text}\0`);
/** A frontend message of the PostgreSQL protocol. */
const frontend = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from(type), int32(body.length + 4), body]);
};

/**
 * A client that speaks the protocol by hand, for what `pg` never sends: it
 * starts a session and then reads the answers' message types (and the first
 * column of each row).
 */
async function rawClient(socketPath: string) {
  const socket = connect({ path: socketPath });
  let buffered = Buffer.alloc(0);
  let types: string[] = [];
  const rows: string[] = [];
  let wake: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    while (buffered.length >= 5 && buffered.length >= 1 + buffered.readInt32BE(1)) {
      const type = String.fromCharCode(buffered[0]!);
      const length = buffered.readInt32BE(1);
      if (type === 'D') {
        const size = buffered.readInt32BE(7);
        rows.push(buffered.subarray(11, 11 + size).toString());
      }
      types.push(type);
      buffered = buffered.subarray(1 + length);
    }
    wake?.();
  });
  await new Promise<void>((resolve, reject) =>
    socket.once('connect', resolve).once('error', reject),
  );
  const until = async (type: string) => {
    const deadline = Date.now() + 10_000;
    while (!types.includes(type)) {
      if (Date.now() > deadline) throw new Error(`no ${type} in ${types.join(' ')}`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 100);
      });
    }
    const seen = types.slice(0, types.indexOf(type) + 1);
    types = types.slice(seen.length);
    return seen;
  };
  const params = Buffer.concat([
    cString('user'),
    cString('postgres'),
    cString('database'),
    cString('postgres'),
    Buffer.from([0]),
  ]);
  socket.write(Buffer.concat([int32(params.length + 8), int32(196_608), params]));
  await until('Z');
  return {
    rows,
    until,
    send: (...messages: Buffer[]) => socket.write(Buffer.concat(messages)),
    close: () => socket.destroy(),
  };
}

describe('a client idle in a transaction while others wait', () => {
  it('is disconnected after the idle limit, its transaction rolled back, and the others go on', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'agency-idle-'));
    const db = await PGlite.create();
    const server = await serveEmbedded(db, path.join(dir, '.s.PGSQL.5432'), { idleHoldMs: 300 });
    const url = socketUrl(path.join(dir, '.s.PGSQL.5432'));
    const idle = new pg.Client({ connectionString: url });
    const other = new pg.Client({ connectionString: url });
    const idleErrors: (Error & { code?: string })[] = [];
    idle.on('error', (error) => {
      idleErrors.push(error);
    });
    try {
      await Promise.all([idle.connect(), other.connect()]);
      await other.query('CREATE TABLE notes (text text)');
      // Alone, it may stay in its transaction as long as it likes.
      await idle.query('BEGIN');
      await idle.query(`INSERT INTO notes VALUES ('never committed')`);
      // (Twice the limit: that nothing happens can only be seen by waiting.)
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(server.stats().waiting).toBe(0);
      expect(idleErrors).toEqual([]);

      // Once another waits for it, it has 300 ms more.
      const started = Date.now();
      const seen = await other.query<{ n: number }>('SELECT count(*)::int AS n FROM notes');
      expect(seen.rows[0]!.n).toBe(0);
      expect(Date.now() - started).toBeLessThan(5_000);
      await expect.poll(() => idleErrors[0]?.code).toBe('25P03');
    } finally {
      await other.end().catch(() => {});
      await idle.end().catch(() => {});
      await server.close();
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
