import 'server-only';
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { serverEnv } from '@/server/env';
import { alive, openEmbeddedDatabase, type EmbeddedDatabase } from './embedded';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
type Connection = { db: Database; pool: pg.Pool; embedded?: EmbeddedDatabase; url: string };

// One connection per process. The site's server (dist/server.mjs) and Astro's
// pages and endpoints (dist/server) are bundled apart, so module state is not
// shared between them: the connection lives on globalThis.
const slot = Symbol.for('agency-site.db');
/** `servedBy`: the other process that serves the embedded database we use. */
type Slot = { current?: Promise<Connection>; servedBy?: number };
const shared = ((globalThis as Record<symbol, Slot | undefined>)[slot] ??= {});

/** Any number that is ours alone: serialises migrations between instances. */
const migrationLockId = 727_001;

export type ConnectOptions = {
  /** A PostgreSQL URL; without one, the embedded database in `dataDir`. */
  url?: string;
  dataDir?: string;
  poolSize?: number;
};

/**
 * A connection to the embedded database's socket. Once the process that served
 * it has closed it (it is stopping, or gone), the socket's file is gone too and
 * connecting fails with ENOENT: reported as the refused connection it amounts
 * to, so that a request answers "unavailable, try again shortly" (503) as when
 * a PostgreSQL server is down, while this process takes the folder over.
 */
class EmbeddedSocketClient extends pg.Client {
  override connect(): Promise<pg.Client>;
  override connect(callback: (error: Error) => void): void;
  override connect(callback?: (error: Error) => void): Promise<pg.Client> | void {
    if (!callback)
      return super.connect().catch((error: unknown) => {
        throw notServed(error);
      });
    super.connect((error: Error) => callback(error && notServed(error)));
  }
}

function notServed(error: Error): Error;
function notServed(error: unknown): unknown;
function notServed(error: unknown): unknown {
  const cause = error as NodeJS.ErrnoException | undefined;
  if (cause?.code !== 'ENOENT' || cause.syscall !== 'connect') return error;
  return Object.assign(
    new Error('connect ECONNREFUSED: the embedded database is not served at the moment', {
      cause,
    }),
    { code: 'ECONNREFUSED' },
  );
}

/**
 * Opens a pool on PostgreSQL or the embedded database and brings the schema up
 * to date. The embedded database is migrated by the process that comes to
 * serve it, before any other can connect: its one session cannot keep two
 * processes' migrations apart with a lock, as PostgreSQL does.
 */
export async function connect({
  url,
  dataDir = './data',
  poolSize = 10,
}: ConnectOptions): Promise<Connection> {
  const embedded = url
    ? undefined
    : await openEmbeddedDatabase(dataDir, { prepare: migrateEmbedded });
  const connectionString = url ?? embedded!.url;
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    ...(embedded && { Client: EmbeddedSocketClient }),
  });
  // A dropped connection (the database restarting) must not crash the process;
  // the pool opens a new one for the next query. A client checked out of the
  // pool when its connection drops reports the error on itself, not on the pool:
  // the query in hand fails, and the process goes on.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema });
  if (!embedded) await migrateSchema(pool, db);
  return { db, pool, embedded, url: connectionString };
}

const migrationsFolder = () => path.join(process.cwd(), 'drizzle');

/** PostgreSQL: one instance at a time, the others wait for it. */
async function migrateSchema(pool: pg.Pool, db: Database) {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockId]);
    await migrate(db, { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [migrationLockId]).catch(() => {});
    client.release();
  }
}

/** The embedded database, by the process that serves it, before it is found by others. */
async function migrateEmbedded(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * This process's database, from DATABASE_URL or DATA_DIR, connected on first use.
 * On the embedded database served by another process that has since died, the
 * connection is dropped and made again: this process (or a third) opens the
 * folder in its place, and what is committed there is all still there.
 */
export function getConnection(): Promise<Connection> {
  if (shared.current && shared.servedBy !== undefined && !alive(shared.servedBy)) {
    const orphaned = shared.current;
    shared.current = undefined;
    shared.servedBy = undefined;
    void orphaned.then((connection) => connection.pool.end()).catch(() => {});
  }
  if (!shared.current) {
    const env = serverEnv();
    const current = connect({ url: env.DATABASE_URL, dataDir: env.DATA_DIR }).then(
      (connection) => {
        if (shared.current === current && connection.embedded && !connection.embedded.owner)
          shared.servedBy = connection.embedded.servedBy;
        return connection;
      },
      (error: unknown) => {
        if (shared.current === current) shared.current = undefined; // try again on the next request
        throw error;
      },
    );
    shared.current = current;
  }
  return shared.current;
}

export async function getDb(): Promise<Database> {
  return (await getConnection()).db;
}

/**
 * Closes the pool, and the embedded database if this process serves it. The
 * pool waits for queries in hand, but not for ever: a query queued behind
 * another process's open transaction would hold it, and closing the embedded
 * server is what ends that transaction.
 */
export async function closeDb({ poolGraceMs = 2_000 } = {}): Promise<void> {
  const connection = await shared.current?.catch(() => undefined);
  shared.current = undefined;
  shared.servedBy = undefined;
  if (!connection) return;
  await Promise.race([
    connection.pool.end().catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, poolGraceMs).unref()),
  ]);
  await connection.embedded?.close();
}
