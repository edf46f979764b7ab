import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect, type Database } from '@/server/db/client';
import { leads, outboxJobs } from '@/server/db/schema';
import type { Channel } from '@/server/delivery/types';

export type TestDatabase = {
  name: 'pglite' | 'postgres';
  db: Database;
  url: string;
  /** The PGlite data folder, whose lock file tells other processes where to connect. */
  dataDir?: string;
  close: () => Promise<void>;
};

/** The backends the integration tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const backends: TestDatabase['name'][] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * A fresh, migrated database: PGlite in a temporary folder, or a new database
 * created on the TEST_DATABASE_URL server and dropped afterwards.
 */
export async function createTestDatabase(name: TestDatabase['name']): Promise<TestDatabase> {
  if (name === 'pglite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'agency-pglite-'));
    const connection = await connect({ dataDir: dir, poolSize: 4 });
    return {
      name,
      db: connection.db,
      url: connection.url,
      dataDir: dir,
      close: async () => {
        await connection.pool.end();
        await connection.embedded?.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const scratch = await scratchPostgres('agency_test');
  const connection = await connect({ url: scratch.url, poolSize: 8 });
  return {
    name,
    db: connection.db,
    url: scratch.url,
    close: async () => {
      await connection.pool.end();
      await scratch.drop();
    },
  };
}

/**
 * A new, empty database on the TEST_DATABASE_URL server, named after `prefix`
 * and this process; `drop()` removes it, even while something is connected.
 */
export async function scratchPostgres(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const database = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Leads stored as the intake stores them (a phone lead each, references
 * `<prefix>00000`, `<prefix>00001` …), each with a job for `channel`.
 */
export async function insertLeadsWithJobs(
  db: Database,
  {
    count,
    prefix,
    from = 0,
    channel = 'telegram',
  }: { count: number; prefix: string; from?: number; channel?: Channel },
) {
  const rows = await db
    .insert(leads)
    .values(
      Array.from({ length: count }, (_, i) => ({
        reference: `${prefix}${String(from + i).padStart(5, '0')}`,
        contactMethod: 'phone' as const,
        contactValue: `+7701${1_000_000 + from + i}`,
        language: 'ru',
        page: '/ru',
        idempotencyKey: crypto.randomUUID(),
      })),
    )
    .returning({ id: leads.id });
  await db.insert(outboxJobs).values(rows.map(({ id }) => ({ leadId: id, channel })));
  return rows;
}
