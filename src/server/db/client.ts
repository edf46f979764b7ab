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

/** Opens a pool on PostgreSQL or the embedded database and brings the schema up to date. */
export async function connect({
  url,
  dataDir = './data',
  poolSize = 10,
}: ConnectOptions): Promise<Connection> {
  const embedded = url ? undefined : await openEmbeddedDatabase(dataDir);
  const connectionString = url ?? embedded!.url;
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 5_000 });
  // A dropped connection (the database restarting) must not crash the process;
  // the pool opens a new one for the next query. A client checked out of the
  // pool when its connection drops reports the error on itself, not on the pool:
  // the query in hand fails, and the process goes on.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema });
  await migrateSchema(pool, db);
  return { db, pool, embedded, url: connectionString };
}

async function migrateSchema(pool: pg.Pool, db: Database) {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockId]);
    await migrate(db, { migrationsFolder: path.join(process.cwd(), 'drizzle') });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [migrationLockId]).catch(() => {});
    client.release();
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
