import 'server-only';
import { chmod, mkdir, mkdtemp, open, readFile, rename, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serveEmbedded, type EmbeddedServerStats } from './embedded-server';

/**
 * The embedded database: PGlite in a data folder, served over the PostgreSQL
 * protocol on a Unix socket (src/server/db/embedded-server.ts). PGlite allows
 * one process per folder, so the first process to start (site, worker or CLI)
 * opens the folder and serves it; every other process, and the owner itself,
 * connects to that socket with the ordinary `pg` driver. A lock file in the
 * folder says who owns it (from the moment it claims the folder, so that a
 * first start, which can take 10 s or more, is waited for) and, once it
 * serves, the socket's path; a lock left by a dead process is cleared. The
 * folder is never opened twice. When the owner dies, the others lose the
 * database with it: `servedBy` names it, so that a process can see that and
 * open the folder again (src/server/db/client.ts), taking it over.
 *
 * Only this user can reach it: the folder is made 0700, the lock file and the
 * socket 0600, and nothing listens on a network port. The socket lives in the
 * folder, or, when the folder's path is too long for a socket's (about 100
 * bytes), in a 0700 folder of its own under the system's temporary folder.
 */

/** Who holds the folder, and the socket it serves it on once it does. */
type LockInfo = { pid: number; socket?: string };
export type EmbeddedDatabase = {
  url: string;
  owner: boolean;
  /** The process that serves the folder (this one when `owner`). */
  servedBy: number;
  /** The Unix socket it is served on. */
  socket: string;
  /** When `owner`: the connections served now, and those waiting for their turn. */
  stats?: () => EmbeddedServerStats;
  close: () => Promise<void>;
};

export type OpenOptions = {
  timeoutMs?: number;
  /**
   * Run by the process that comes to serve the folder, with the socket's URL,
   * before any other process can find it (migrations: one process at a time).
   */
  prepare?: (url: string) => Promise<void>;
};

const lockName = 'pglite.lock';
/** `pg` finds a Unix socket as `<host>/.s.PGSQL.<port>`, as PostgreSQL names its own. */
const socketPort = 5432;
const socketName = `.s.PGSQL.${socketPort}`;
/** A socket's path must fit in 108 bytes on Linux, 104 on macOS, with its final NUL. */
const maxSocketPath = 103;
/** How long a new claim is left before it is trusted (see `openEmbeddedDatabase`). */
const claimSettleMs = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The `pg` connection string of a socket at `socketPath`. */
export function socketUrl(socketPath: string): string {
  const host = encodeURIComponent(path.dirname(socketPath));
  const port = path.basename(socketPath).slice('.s.PGSQL.'.length);
  return `postgres://postgres@/postgres?host=${host}&port=${port}`;
}

/** Whether a process with this id exists (one of another user's counts too). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function listening(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ path: socketPath });
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
    return typeof info.socket === 'string'
      ? { pid: info.pid, socket: info.socket }
      : { pid: info.pid };
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

/**
 * Where the socket goes: in the folder, if its path fits in a socket's; else in
 * a new folder of this process's own under the temporary folder (made 0700).
 */
async function socketPlace(dir: string): Promise<{ socket: string; ownFolder?: string }> {
  const inFolder = path.join(/* turbopackIgnore: true */ dir, socketName);
  if (Buffer.byteLength(inFolder) <= maxSocketPath) return { socket: inFolder };
  const ownFolder = await mkdtemp(path.join(/* turbopackIgnore: true */ tmpdir(), 'agency-db-'));
  await chmod(/* turbopackIgnore: true */ ownFolder, 0o700);
  return { socket: path.join(/* turbopackIgnore: true */ ownFolder, socketName), ownFolder };
}

/** Bounds a step of closing, so that one stuck step cannot hold up the rest. */
const atMost = (ms: number, step: Promise<unknown>) =>
  Promise.race([step.catch(() => undefined), sleep(ms)]);

async function serveFolder(
  dir: string,
  lockFile: string,
  prepare: OpenOptions['prepare'],
): Promise<EmbeddedDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(path.join(/* turbopackIgnore: true */ dir, 'pglite'));
  let place: Awaited<ReturnType<typeof socketPlace>> | undefined;
  let server: Awaited<ReturnType<typeof serveEmbedded>> | undefined;
  const stop = async () => {
    if (server) await atMost(3_000, server.close());
    await atMost(3_000, db.close());
    if (place?.ownFolder)
      await rm(/* turbopackIgnore: true */ place.ownFolder, { recursive: true, force: true });
  };
  try {
    place = await socketPlace(dir);
    // A socket left by an owner that died: this process holds the folder now.
    await rm(/* turbopackIgnore: true */ place.socket, { force: true });
    server = await serveEmbedded(db, place.socket);
    // Before the lock names the socket, no other process connects: what `prepare`
    // does (migrations) it does alone.
    await prepare?.(socketUrl(place.socket));
    if (!(await holdsLock(lockFile))) {
      // Another process displaced this claim while PGlite opened the folder (see
      // `openEmbeddedDatabase`): fail loudly rather than write over its lock.
      throw new Error(
        `Another process took the embedded database in ${dir} over while this one opened it`,
      );
    }
    const lock: LockInfo = { pid: process.pid, socket: place.socket };
    // Written to a side file and renamed over, so a reader never sees half of it.
    const temp = `${lockFile}.${process.pid}`;
    const handle = await open(/* turbopackIgnore: true */ temp, 'w', 0o600);
    try {
      await handle.writeFile(JSON.stringify(lock));
    } finally {
      await handle.close();
    }
    await rename(/* turbopackIgnore: true */ temp, lockFile);
  } catch (error) {
    await stop();
    throw error;
  }

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await stop();
      await releaseLock(lockFile);
    })());
  const served = server;
  return {
    url: socketUrl(place.socket),
    owner: true,
    servedBy: process.pid,
    socket: place.socket,
    stats: () => served.stats(),
    close,
  };
}

// Every file call here names a path known only at run time; the comments tell
// the build's file tracer not to guess (it would copy local data into the server).

/**
 * Connects to the database in `dataDir`, serving it first if no live process does.
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  { timeoutMs = 30_000, prepare }: OpenOptions = {},
): Promise<EmbeddedDatabase> {
  const dir = path.resolve(/* turbopackIgnore: true */ dataDir);
  await mkdir(/* turbopackIgnore: true */ dir, { recursive: true, mode: 0o700 });
  // The database's files, the lock and the socket are this user's alone. A folder
  // this user does not own keeps its mode: the socket and the lock are still 0600.
  await chmod(/* turbopackIgnore: true */ dir, 0o700).catch(() => {});
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
      const handle = await open(/* turbopackIgnore: true */ lockFile, 'wx', 0o600);
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
      if (await holdsLock(lockFile)) return await serveFolder(dir, lockFile, prepare);
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
    if (alive(lock.pid) && lock.socket !== undefined && (await listening(lock.socket))) {
      return {
        url: socketUrl(lock.socket),
        owner: false,
        servedBy: lock.pid,
        socket: lock.socket,
        close: async () => {},
      };
    }
    if (!alive(lock.pid)) {
      // Left by a process that died: move it aside (only one contender succeeds) and retry.
      const stale = `${lockFile}.stale-${lock.pid}-${process.pid}`;
      const movedAside = await rename(/* turbopackIgnore: true */ lockFile, stale).then(
        () => true,
        () => false,
      );
      await rm(/* turbopackIgnore: true */ stale, { force: true });
      // Its socket's own folder under the temporary folder, if it had one, goes with it.
      const socketFolder = lock.socket && path.dirname(lock.socket);
      if (
        movedAside &&
        socketFolder &&
        socketFolder !== dir &&
        path.basename(socketFolder).startsWith('agency-db-')
      )
        await rm(/* turbopackIgnore: true */ socketFolder, { recursive: true, force: true });
      continue;
    }
    await sleep(100); // alive, still opening the folder or not listening yet
  }
  throw new Error(
    `The embedded database in ${dir} did not become available within ${timeoutMs} ms`,
  );
}
