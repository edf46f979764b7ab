import { spawn, spawnSync } from 'node:child_process';
import { access, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase, type EmbeddedDatabase } from '@/server/db/embedded';

/*
 * Who may open an embedded database folder: PGlite allows one process per
 * folder, and creating a new database there takes seconds (10 s was seen on a
 * loaded 2-core machine), during which the process that claimed the folder
 * has not said yet where it will listen.
 */

/** The id of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid;
}

/** Waits (polling every 5 ms, for up to 5 s) until the lock file says exactly `expected`. */
async function waitForLock(lockFile: string, expected: { pid?: number; socket?: string }) {
  const until = Date.now() + 5_000;
  let seen: unknown;
  while (Date.now() < until) {
    try {
      seen = JSON.parse(await readFile(lockFile, 'utf8'));
      if (JSON.stringify(seen) === JSON.stringify(expected)) return;
    } catch {
      // not created or written yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`the lock says ${JSON.stringify(seen)}, not ${JSON.stringify(expected)}`);
}

describe('the embedded database folder lock', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function folder() {
    const dir = await mkdtemp(path.join(tmpdir(), 'agency-lock-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    return { dir, lockFile: path.join(dir, 'pglite.lock') };
  }

  it('waits for a live process that has claimed the folder and is still opening it, and leaves its claim alone', async () => {
    const { dir, lockFile } = await folder();
    // This test's own process stands for the claimant: alive, serving nothing yet.
    const claim = JSON.stringify({ pid: process.pid });
    await writeFile(lockFile, claim);
    // Longer than the 10 s after which a lock that names no one is taken for abandoned.
    await expect(openEmbeddedDatabase(dir, { timeoutMs: 10_500 })).rejects.toThrow(
      /did not become available within 10500 ms/,
    );
    expect(await readFile(lockFile, 'utf8')).toBe(claim);
  }, 30_000);

  it('takes over at once a claim left by a process that died before it served, and serves the folder', async () => {
    const { dir, lockFile } = await folder();
    await writeFile(lockFile, JSON.stringify({ pid: deadPid() }));
    // At once: a lock that names no one would be waited for 10 s, far longer than
    // this second (opening the folder, once claimed, is not bound by it).
    const database: EmbeddedDatabase = await openEmbeddedDatabase(dir, { timeoutMs: 1_000 });
    cleanup.push(database.close);
    expect(database.owner).toBe(true);
    expect(database.servedBy).toBe(process.pid);
    const lock = JSON.parse(await readFile(lockFile, 'utf8')) as { pid: number; socket?: string };
    expect(lock).toEqual({ pid: process.pid, socket: path.join(dir, '.s.PGSQL.5432') });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
  }, 60_000);

  it('gives up a claim that another process moved aside at once (it took the lock for a dead owner’s) and waits for that one', async () => {
    const { dir, lockFile } = await folder();
    // The other process: alive, and opening the folder.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    cleanup.push(() => {
      other.kill('SIGKILL');
      return Promise.resolve();
    });
    const opening = openEmbeddedDatabase(dir, { timeoutMs: 2_000 });
    await waitForLock(lockFile, { pid: process.pid });
    // What the other process does when it read the dead owner's lock just before this claim.
    await rename(lockFile, `${lockFile}.stale`);
    await rm(`${lockFile}.stale`);
    await writeFile(lockFile, JSON.stringify({ pid: other.pid }));
    await expect(opening).rejects.toThrow(/did not become available within 2000 ms/);
    expect(JSON.parse(await readFile(lockFile, 'utf8'))).toEqual({ pid: other.pid });
    // It never opened the folder: PGlite made no database there.
    await expect(access(path.join(dir, 'pglite'))).rejects.toThrow();
  });

  it('names the claimant in the lock from the moment it claims the folder', async () => {
    const { dir, lockFile } = await folder();
    const opening = openEmbeddedDatabase(dir, { timeoutMs: 60_000 });
    // While PGlite creates the database, another process reading the lock sees who holds it.
    await waitForLock(lockFile, { pid: process.pid });
    const database = await opening;
    cleanup.push(database.close);
    expect(database.owner).toBe(true);
  }, 60_000);
});
