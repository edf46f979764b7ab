import 'server-only';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { connect, type Server, type Socket } from 'node:net';
import path from 'node:path';

/**
 * The embedded database: PGlite in a data folder, served over the PostgreSQL
 * protocol on a local port by @electric-sql/pglite-socket. PGlite allows one
 * process per folder, so the first process to start (site, worker or CLI)
 * opens the folder and serves it; every other process, and the owner itself,
 * connects to that port with the ordinary `pg` driver. A lock file in the
 * folder says who owns it (from the moment it claims the folder, so that a
 * first start, which can take 10 s or more, is waited for) and, once it
 * serves, where it listens; a lock left by a dead process is cleared. The
 * folder is never opened twice. When the owner dies, the others lose the
 * database with it: `servedBy` names it, so that a process can see that and
 * open the folder again (src/server/db/client.ts), taking it over.
 */

/** Who holds the folder, and the port it serves it on once it does. */
type LockInfo = { pid: number; port?: number };
export type EmbeddedDatabase = {
  url: string;
  owner: boolean;
  /** The process that serves the folder (this one when `owner`). */
  servedBy: number;
  close: () => Promise<void>;
};

const lockName = 'pglite.lock';
/** How long a new claim is left before it is trusted (see `openEmbeddedDatabase`). */
const claimSettleMs = 100;
const urlFor = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a process with this id exists (one of another user's counts too). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

async function readLock(file: string): Promise<LockInfo | 'empty' | undefined> {
  try {
    const text = await readFile(/* turbopackIgnore: true */ file, 'utf8');
    if (!text.trim()) return 'empty';
    const info = JSON.parse(text) as Partial<LockInfo>;
    if (typeof info.pid !== 'number') return 'empty';
    return typeof info.port === 'number' ? { pid: info.pid, port: info.port } : { pid: info.pid };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (error instanceof SyntaxError) return 'empty';
    throw error;
  }
}

/** Whether the lock names this process. */
async function holdsLock(lockFile: string): Promise<boolean> {
  const current = await readLock(lockFile).catch(() => undefined);
  return current !== undefined && current !== 'empty' && current.pid === process.pid;
}

/** Removes the lock if it is this process's (never another's that replaced it). */
async function releaseLock(lockFile: string) {
  if (await holdsLock(lockFile)) await rm(/* turbopackIgnore: true */ lockFile, { force: true });
}

async function serveFolder(dir: string, lockFile: string): Promise<EmbeddedDatabase> {
  const [{ PGlite }, { PGLiteSocketServer }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-socket'),
  ]);
  const db = await PGlite.create(path.join(/* turbopackIgnore: true */ dir, 'pglite'));
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 32 });
  await server.start();
  // The connections it serves, so that closing can end them: the socket server's
  // own stop waits for every client to hang up, and another process's client may not.
  const sockets = new Set<Socket>();
  (server as unknown as { server?: Server | null }).server?.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const port = Number(server.getServerConn().split(':').pop());
  if (!(await holdsLock(lockFile))) {
    // Another process displaced this claim while PGlite opened the folder (see
    // `openEmbeddedDatabase`): fail loudly rather than write over its lock.
    await server.stop().catch(() => {});
    await db.close().catch(() => {});
    throw new Error(
      `Another process took the embedded database in ${dir} over while this one opened it`,
    );
  }
  const lock: LockInfo = { pid: process.pid, port };
  // Written to a side file and renamed over, so a reader never sees half of it.
  const temp = `${lockFile}.${process.pid}`;
  const handle = await open(/* turbopackIgnore: true */ temp, 'w');
  await handle.writeFile(JSON.stringify(lock));
  await handle.close();
  await rename(/* turbopackIgnore: true */ temp, lockFile);

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    const stopped = server.stop().catch(() => {});
    const gentle = await Promise.race([stopped.then(() => true), sleep(1_500).then(() => false)]);
    if (!gentle) {
      for (const socket of sockets) socket.destroy();
      await Promise.race([stopped, sleep(1_000)]);
    }
    await Promise.race([db.close().catch(() => {}), sleep(3_000)]);
    await releaseLock(lockFile);
  };
  return { url: urlFor(port), owner: true, servedBy: process.pid, close };
}

// Every file call here names a path known only at run time; the comments tell
// the build's file tracer not to guess (it would copy local data into the server).

/**
 * Connects to the database in `dataDir`, serving it first if no live process does.
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  { timeoutMs = 30_000 } = {},
): Promise<EmbeddedDatabase> {
  const dir = path.resolve(/* turbopackIgnore: true */ dataDir);
  await mkdir(/* turbopackIgnore: true */ dir, { recursive: true });
  const lockFile = path.join(/* turbopackIgnore: true */ dir, lockName);
  const deadline = Date.now() + timeoutMs;
  let emptySince: number | undefined;

  while (Date.now() < deadline) {
    // Claim the folder: creating the lock file fails if it exists, atomically.
    // It names this process at once: the others wait for a live claimant
    // however long PGlite takes to create a new database in the folder.
    let claimed = false;
    let named = false;
    try {
      const handle = await open(/* turbopackIgnore: true */ lockFile, 'wx');
      claimed = true;
      try {
        await handle.writeFile(JSON.stringify({ pid: process.pid } satisfies LockInfo));
        named = true;
      } finally {
        await handle.close();
      }
      // A process that read a dead owner's lock just before this claim moves
      // this claim aside instead of that lock, and claims the folder itself: a
      // moment later, the folder is served only if the lock still names this one.
      await sleep(claimSettleMs);
      if (await holdsLock(lockFile)) return await serveFolder(dir, lockFile);
      continue;
    } catch (error) {
      if (claimed) {
        // Give up this process's claim (a nameless one is this process's too).
        const release = named
          ? releaseLock(lockFile)
          : rm(/* turbopackIgnore: true */ lockFile, { force: true });
        await release.catch(() => {});
        throw error;
      }
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Held by another process: who, and whether to wait for it, is read below.
    }

    const lock = await readLock(lockFile);
    if (lock === undefined) continue; // released meanwhile: try to claim it
    if (lock === 'empty') {
      emptySince ??= Date.now();
      // Its claimant is writing its name in it, or died before it could.
      if (Date.now() - emptySince > 10_000) {
        await rename(
          /* turbopackIgnore: true */ lockFile,
          `${lockFile}.stale-${process.pid}`,
        ).catch(() => {});
        await rm(/* turbopackIgnore: true */ `${lockFile}.stale-${process.pid}`, { force: true });
        emptySince = undefined;
      } else {
        await sleep(50);
      }
      continue;
    }
    emptySince = undefined;
    if (alive(lock.pid) && lock.port !== undefined && (await listening(lock.port))) {
      return { url: urlFor(lock.port), owner: false, servedBy: lock.pid, close: async () => {} };
    }
    if (!alive(lock.pid)) {
      // Left by a process that died: move it aside (only one contender succeeds) and retry.
      await rename(
        /* turbopackIgnore: true */ lockFile,
        `${lockFile}.stale-${lock.pid}-${process.pid}`,
      ).catch(() => {});
      await rm(/* turbopackIgnore: true */ `${lockFile}.stale-${lock.pid}-${process.pid}`, {
        force: true,
      });
      continue;
    }
    await sleep(100); // alive, still opening the folder or not listening yet
  }
  throw new Error(
    `The embedded database in ${dir} did not become available within ${timeoutMs} ms`,
  );
}
