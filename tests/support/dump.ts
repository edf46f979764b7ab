import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { ourTables } from '@/server/db/backup';

/**
 * Every row of every table of ours, as text (PostgreSQL's row_to_json, in UTC),
 * sorted: two databases with the same data give the same dump, whatever the
 * backend, and a value that is anywhere in the database is in its dump.
 */
export async function dumpTables(db: Database): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL TIME ZONE 'UTC'`);
    const dump: Record<string, string[]> = {};
    for (const table of ourTables()) {
      const { rows } = await tx.execute<{ row: string }>(
        sql`SELECT row_to_json(t)::text AS row FROM ${sql.identifier(table)} t ORDER BY 1`,
      );
      dump[table] = rows.map((row) => row.row);
    }
    return dump;
  });
}

/** Rows per table, from a dump. */
export const countsOf = (dump: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(dump).map(([table, rows]) => [table, rows.length]));
