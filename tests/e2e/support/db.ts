import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const dataDir = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';

/**
 * A connection to the database of the server under test: its embedded PGlite,
 * reached through the port its lock file names (the folder is never opened twice).
 */
export async function withSiteDatabase<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const lock = JSON.parse(readFileSync(path.resolve(dataDir, 'pglite.lock'), 'utf8')) as {
    port: number;
  };
  const client = new pg.Client({
    connectionString: `postgres://postgres@127.0.0.1:${lock.port}/postgres`,
  });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export type StoredLead = {
  reference: string;
  contact_method: string;
  contact_value: string;
  language: string;
  page: string;
  status: string;
  estimate: unknown;
};

export function findLead(reference: string): Promise<StoredLead | undefined> {
  return withSiteDatabase(async (client) => {
    const { rows } = await client.query<StoredLead>(
      'SELECT reference, contact_method, contact_value, language, page, status, estimate FROM leads WHERE reference = $1',
      [reference],
    );
    return rows[0];
  });
}

/** A made-up visitor address, so tests do not share a rate limit (the server trusts X-Forwarded-For in tests). */
export function visitorIp(): string {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

/** The second server the tests start: the same site with its database unreachable. */
export const brokenDatabaseURL = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 1}`;
