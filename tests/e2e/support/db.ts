import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const dataDir = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';

/**
 * A connection to the database of the server under test: its embedded PGlite,
 * reached through the Unix socket its lock file names (the folder is never
 * opened twice). `pg` takes the socket's folder as the host and the number in
 * its name (`.s.PGSQL.5432`) as the port.
 */
export async function withSiteDatabase<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const lock = JSON.parse(readFileSync(path.resolve(dataDir, 'pglite.lock'), 'utf8')) as {
    socket: string;
  };
  const client = new pg.Client({
    host: path.dirname(lock.socket),
    port: Number(path.basename(lock.socket).slice('.s.PGSQL.'.length)),
    user: 'postgres',
    database: 'postgres',
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
  kind: string;
  contact_method: string;
  contact_value: string | null;
  name: string | null;
  message: string | null;
  budget: unknown;
  contact_time: string | null;
  time_zone: string | null;
  language: string;
  page: string;
  status: string;
  review_reason: string | null;
  estimate: unknown;
  attribution: unknown;
};

export function findLead(reference: string): Promise<StoredLead | undefined> {
  return withSiteDatabase(async (client) => {
    const { rows } = await client.query<StoredLead>(
      `SELECT reference, kind, contact_method, contact_value, name, message, budget, contact_time, time_zone,
              language, page, status, review_reason, estimate, attribution
       FROM leads WHERE reference = $1`,
      [reference],
    );
    return rows[0];
  });
}

/**
 * A made-up visitor address, so tests do not share a rate limit. The test
 * server runs with TRUSTED_PROXIES=1, as if behind one proxy that appends the
 * visitor's address: a test that sends a form sets X-Forwarded-For to one of these.
 */
export function visitorIp(): string {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

/**
 * `test.use(ownVisitor)`: each test a visitor of its own address (the site
 * trusts one proxy), so that tests do not share a rate limit.
 */
export const ownVisitor = {
  // Playwright reads a fixture's dependencies from its first parameter: this one has none.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use: (headers: Record<string, string>) => Promise<void>) => {
    await use({ 'X-Forwarded-For': visitorIp() });
  },
};

/** The second server the tests start: the same site with its database unreachable. */
export const brokenDatabaseURL = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

/** The stand-ins for Telegram and the webhook that the end-to-end server delivers to. */
export const standInURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 5}`;

export type DeliveredCalls = {
  telegram: { chat_id: string; text: string }[];
  webhook: {
    id: string;
    body: { reference: string; review: string | null; contact: { method: string; value: string } };
  }[];
};

export async function deliveredCalls(): Promise<DeliveredCalls> {
  return (await (await fetch(`${standInURL}/calls`)).json()) as DeliveredCalls;
}

/** The same site with TRUSTED_PROXIES=0 (nothing in front), on a database of its own. */
export const noProxyURL = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 2}`;
