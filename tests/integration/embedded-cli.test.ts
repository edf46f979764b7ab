import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase } from '@/server/db/embedded';
import { missingDatabase } from '@/server/db/existing';
import { runToEnd } from '../support/processes';
import {
  backends,
  createTestDatabase,
  scratchPostgres,
  type TestDatabase,
} from '../support/test-db';

/*
 * A command pointed at a folder or a PostgreSQL database where the site keeps
 * no data says so, instead of creating an empty database and reporting that
 * there is nothing in it.
 */

describe('a command given a data folder with no database', () => {
  let base: string;
  beforeAll(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'agency-nodb-'));
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('npm run leads: says which folder and which variables, exits 2 and creates nothing', async () => {
    const dir = path.join(base, 'empty');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(dir);
    const result = await runToEnd('scripts/leads.mts', ['list'], {
      DATA_DIR: dir,
      DATABASE_URL: '',
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe(
      `There is no database in ${dir} (DATA_DIR): the folder has no embedded database of this site. ` +
        "Set DATA_DIR to the site's data folder (the one with pglite/ in it), or DATABASE_URL to its PostgreSQL database.",
    );
    expect(await readdir(dir)).toEqual([]);
  }, 60_000);

  it('names a folder that does not exist, or a file, without creating anything', async () => {
    const missing = path.join(base, 'typo');
    expect(await missingDatabase({ DATA_DIR: missing })).toMatch(
      new RegExp(
        `^There is no database in ${missing} \\(DATA_DIR\\): the folder does not exist\\.`,
      ),
    );
    await expect(readdir(missing)).rejects.toThrow();
    const file = path.join(base, 'a-file');
    await writeFile(file, '');
    expect(await missingDatabase({ DATA_DIR: file })).toContain('it is a file, not a folder');
    // Relative folders are named in full.
    expect(await missingDatabase({ DATA_DIR: './no-such-data-folder' })).toContain(
      path.resolve('no-such-data-folder'),
    );
  });

  it('accepts a folder with a database, and one a starting site is creating', async () => {
    const made = path.join(base, 'made');
    const database = await openEmbeddedDatabase(made);
    await database.close();
    expect(await missingDatabase({ DATA_DIR: made })).toBeUndefined();
    const starting = path.join(base, 'starting');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(starting);
    await writeFile(path.join(starting, 'pglite.lock'), JSON.stringify({ pid: process.pid }));
    expect(await missingDatabase({ DATA_DIR: starting })).toBeUndefined();
  }, 60_000);
});

describe.runIf(backends.includes('postgres'))('a command given a PostgreSQL database', () => {
  it('says when the database has none of the site’s tables', async () => {
    const scratch = await scratchPostgres('agency_nodb');
    try {
      const problem = await missingDatabase({ DATABASE_URL: scratch.url, DATA_DIR: './data' });
      expect(problem).toMatch(/^There is no database of this site in DATABASE_URL \(postgres:/);
      expect(problem).toContain('npm run db:migrate');
    } finally {
      await scratch.drop();
    }
  });

  it('says when it cannot reach it, and never prints the password', async () => {
    // Port 1: nothing listens there.
    const port = 1;
    const problem = await missingDatabase({
      DATABASE_URL: `postgres://agency:s3cret-word@127.0.0.1:${port}/agency`,
      DATA_DIR: './data',
    });
    expect(problem).toMatch(
      /^Cannot reach the database in DATABASE_URL \(postgres:\/\/agency:\*\*\*@127\.0\.0\.1:/,
    );
    expect(problem).not.toContain('s3cret-word');
  });

  it('accepts a migrated database', async () => {
    let test: TestDatabase | undefined;
    try {
      test = await createTestDatabase('postgres');
      expect(await missingDatabase({ DATABASE_URL: test.url, DATA_DIR: './data' })).toBeUndefined();
    } finally {
      await test?.close();
    }
  });
});
