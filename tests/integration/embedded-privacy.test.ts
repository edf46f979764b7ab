import { spawn, spawnSync } from 'node:child_process';
import { access, chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase } from '@/server/db/embedded';

/*
 * Nobody but the user that runs the site reaches the embedded database: no
 * network port, a Unix socket only its user may open, in a folder only its
 * user may enter.
 */

const mode = async (file: string) => (await stat(file)).mode & 0o777;

/** The TCP ports this process listens on, from the kernel's table (Linux). */
async function listeningTcpPorts(): Promise<number[] | undefined> {
  const inodes = new Set<string>();
  try {
    const { readdir, readlink } = await import('node:fs/promises');
    for (const fd of await readdir('/proc/self/fd')) {
      const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
      const match = /^socket:\[(\d+)\]$/.exec(target);
      if (match) inodes.add(match[1]!);
    }
    const ports: number[] = [];
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      const text = await readFile(table, 'utf8').catch(() => '');
      for (const line of text.split('\n').slice(1)) {
        const fields = line.trim().split(/\s+/);
        // state 0A: LISTEN; field 9: the socket's inode
        if (fields[3] === '0A' && inodes.has(fields[9]!))
          ports.push(parseInt(fields[1]!.split(':')[1]!, 16));
      }
    }
    return ports;
  } catch {
    return undefined;
  }
}

describe('the embedded database is private', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('is served on a 0600 socket in its folder, made 0700, named in a 0600 lock, and on no TCP port', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'agency-private-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    // A folder made by hand, open to all: the database makes it its user's alone.
    await chmod(dir, 0o755);
    const portsBefore = await listeningTcpPorts();
    const database = await openEmbeddedDatabase(dir);
    cleanup.push(database.close);

    const socket = path.join(dir, '.s.PGSQL.5432');
    expect(database.socket).toBe(socket);
    expect((await stat(socket)).isSocket()).toBe(true);
    expect(await mode(socket)).toBe(0o600);
    expect(await mode(dir)).toBe(0o700);
    const lockFile = path.join(dir, 'pglite.lock');
    expect(await mode(lockFile)).toBe(0o600);
    // The lock names the socket, and no port.
    expect(JSON.parse(await readFile(lockFile, 'utf8'))).toEqual({ pid: process.pid, socket });

    // `pg` reaches it through the socket, not a host and port.
    expect(database.url).toBe(
      `postgres://postgres@/postgres?host=${encodeURIComponent(dir)}&port=5432`,
    );
    expect(database.url).not.toMatch(/127\.0\.0\.1|localhost/);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
    // Serving it opened no TCP port (checked where the kernel's table can be read).
    const portsAfter = await listeningTcpPorts();
    if (portsBefore && portsAfter) expect(portsAfter.sort()).toEqual(portsBefore.sort());

    await database.close();
    await expect(access(socket)).rejects.toThrow();
    await expect(access(lockFile)).rejects.toThrow();
  }, 60_000);

  it('serves a folder whose path is too long for a socket from a private folder of its own under the temporary folder', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'agency-private-'));
    cleanup.push(() => rm(base, { recursive: true, force: true }));
    const dir = path.join(base, 'a-data-folder-with-a-long-name'.repeat(4));
    await mkdir(dir);
    expect(Buffer.byteLength(path.join(dir, '.s.PGSQL.5432'))).toBeGreaterThan(107);

    const database = await openEmbeddedDatabase(dir);
    cleanup.push(database.close);
    const folder = path.dirname(database.socket);
    expect(path.dirname(folder)).toBe(tmpdir());
    expect(await mode(folder)).toBe(0o700);
    expect(await mode(database.socket)).toBe(0o600);
    expect(JSON.parse(await readFile(path.join(dir, 'pglite.lock'), 'utf8'))).toEqual({
      pid: process.pid,
      socket: database.socket,
    });

    // Another process finds it through the lock (asynchronously: this one serves it).
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import pg from 'pg';
         const socket = JSON.parse(await (await import('node:fs/promises')).readFile(process.argv[1], 'utf8')).socket;
         const client = new pg.Client({ host: socket.slice(0, socket.lastIndexOf('/')), port: 5432, user: 'postgres', database: 'postgres' });
         await client.connect();
         console.log((await client.query('SELECT 40 + 2 AS n')).rows[0].n);
         await client.end();`,
        path.join(dir, 'pglite.lock'),
      ],
      { cwd: process.cwd() },
    );
    const other = { stdout: '', stderr: '' };
    child.stdout.on('data', (chunk: Buffer) => (other.stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (other.stderr += chunk.toString()));
    await new Promise((resolve) => child.once('exit', resolve));
    expect(other.stderr).toBe('');
    expect(other.stdout.trim()).toBe('42');

    await database.close();
    await expect(access(folder)).rejects.toThrow();
  }, 60_000);

  it('clears the socket and the private folder of an owner that died', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'agency-private-'));
    cleanup.push(() => rm(base, { recursive: true, force: true }));
    const dir = path.join(base, 'a-data-folder-with-a-long-name'.repeat(4));
    await mkdir(dir);
    // What a killed owner leaves: its lock, and its socket's folder.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const left = await mkdtemp(path.join(tmpdir(), 'agency-db-'));
    await writeFile(path.join(left, '.s.PGSQL.5432'), '');
    await writeFile(
      path.join(dir, 'pglite.lock'),
      JSON.stringify({ pid: dead, socket: path.join(left, '.s.PGSQL.5432') }),
    );
    const database = await openEmbeddedDatabase(dir, { timeoutMs: 5_000 });
    cleanup.push(database.close);
    expect(database.owner).toBe(true);
    await expect(access(left)).rejects.toThrow();
  }, 60_000);
});
