import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, Socket, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { connect as connectDb, type Database } from '@/server/db/client';
import { errorMessage } from '../../src/lib/errors';
import { startFakeTelegram } from '../support/fake-services';
import { backends, scratchPostgres, type TestDatabase } from '../support/test-db';

/*
 * Real processes on loopback for the fault tests: the built server as
 * `npm start` runs it, the bundled outbox worker as the container runs it, and
 * a client that streams consultation requests through the HTTP API.
 */

export const root = path.resolve(import.meta.dirname, '../..');
/** The build under test: `npm run build` makes `dist`; DIST_DIR names another (as for the build). */
export const distDir = path.resolve(root, process.env.DIST_DIR || 'dist');
export const telegramEnv = {
  TELEGRAM_BOT_TOKEN: '123456789:AAEhBOweik6ad6PsVMRxjeQKkHmdhGfhV0',
  TELEGRAM_CHAT_ID: '-100200300',
  // These tests count every message; the ceiling of messages a minute is tested apart.
  LEADS_NOTIFY_PER_MINUTE: '100000',
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls until `check` holds, or fails after `ms`. */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  ms = 30_000,
): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    await sleep(100);
  }
  throw new Error(`Timed out after ${ms} ms waiting until ${what}`);
}

export type Proc = {
  child: ChildProcess;
  /** stdout and stderr, line by line (JSON log lines from pino). */
  lines: string[];
  /** Resolves with the exit code (or signal) and how long after `since` it came. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  kill: (
    signal?: NodeJS.Signals,
  ) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** Collects a child process's output line by line and how it ended. */
export function watch(child: ChildProcess): Proc {
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop()!;
      lines.push(...parts);
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
    (resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return {
    child,
    lines,
    exited,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export type Site = Proc & { url: string; port: number };

/** The production server (`npm start`) on a free port, once it answers. */
export async function startSite(env: Record<string, string>, port?: number): Promise<Site> {
  const sitePort = port ?? (await freePort());
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      DIST_DIR: distDir,
      NODE_ENV: 'production',
      PORT: String(sitePort),
      HOSTNAME: '127.0.0.1',
      LOG_LEVEL: 'info',
      // Every request of a test names its own visitor address.
      TRUSTED_PROXIES: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = watch(child);
  const url = `http://127.0.0.1:${sitePort}`;
  let exited = false;
  void proc.exited.then(() => (exited = true));
  // Start-up imports the whole server and opens the database: slow on a busy machine.
  await waitUntil(
    `${url} answers`,
    async () => {
      if (exited) throw new Error(`the site exited:\n${proc.lines.join('\n')}`);
      return (await fetch(`${url}/api/health`)).status === 200;
    },
    90_000,
  );
  return { ...proc, url, port: sitePort };
}

/** The outbox worker as the container runs it (`node dist/worker.mjs`, bundled by the build). */
export function startWorker(env: Record<string, string>): Proc {
  const child = spawn(process.execPath, [path.join(distDir, 'worker.mjs')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watch(child);
}

/** Start-up opens the database (the embedded one loads for seconds on a busy machine). */
export const workerStarted = (worker: Proc) =>
  waitUntil(
    'the worker has started',
    () => worker.lines.some((line) => line.includes('"event":"worker.start"')),
    90_000,
  );

/** A visitor's address per request, so the per-address limit never applies. */
const visitorIp = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

export type Answer =
  { status: number; body: Record<string, unknown> } | { status: 'network'; error: string };

/**
 * Consultation requests through POST /api/leads. Each request has its own
 * idempotency key; sending the same one again (after a network error) must
 * never make a second lead.
 */
export class Client {
  private token?: string;

  constructor(private readonly base: () => string) {}

  get formToken(): string | undefined {
    return this.token;
  }

  /** A form token, as the form fetches when the visitor turns to it. */
  async prepare() {
    const response = await fetch(`${this.base()}/api/leads/token`);
    this.token = ((await response.json()) as { token: string }).token;
  }

  async send(n: number, key: string, language = 'en'): Promise<Answer> {
    try {
      const response = await fetch(`${this.base()}/api/leads`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: new URL(this.base()).origin,
          'x-forwarded-for': visitorIp(n + 1),
        },
        body: JSON.stringify({
          language,
          method: 'phone',
          contact: `+7 701 ${String(1_000_000 + n).slice(0, 3)} ${String(1_000_000 + n).slice(3)}`,
          consent: true,
          token: this.token,
          // As the form reports it: the page had been open for a while.
          shownMs: 30_000,
          key,
          page: '/en/contacts',
        }),
        signal: AbortSignal.timeout(15_000),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause;
      return { status: 'network', error: `${errorMessage(error)} ${cause?.message ?? ''}` };
    }
  }
}

/** Runs `count` jobs with `concurrency` at a time. */
export async function pool(count: number, concurrency: number, job: (n: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await job(next++);
    }),
  );
}

export const newKey = () => randomUUID();

/** A direct connection to the test's database, to check what was stored. */
export async function inspect(target: { url?: string; dataDir?: string }): Promise<{
  db: Database;
  close: () => Promise<void>;
}> {
  const connection = await connectDb({ ...target, poolSize: 2 });
  return {
    db: connection.db,
    close: async () => {
      await connection.pool.end();
      await connection.embedded?.close();
    },
  };
}

/** Waits until the outbox has no job left that is not sent. */
export async function waitUntilAllSent(
  target: { url?: string; dataDir?: string },
  ms: number,
): Promise<void> {
  const check = await inspect(target);
  try {
    await waitUntil(
      'every job is sent',
      async () =>
        (
          await check.db.execute<{ left: number }>(
            sql`SELECT count(*)::int AS left FROM outbox_jobs WHERE status <> 'sent'`,
          )
        ).rows[0]!.left === 0,
      ms,
    );
  } finally {
    await check.close();
  }
}

/**
 * A TCP proxy in front of PostgreSQL that the test can cut: `down()` resets
 * every connection through it and refuses new ones, as a database server that
 * stops does; `up()` lets connections through again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const port = await freePort();
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = new Socket();
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        upstream.connect(target.port, target.host, () => {
          client.pipe(upstream).pipe(client);
        });
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  await listen();
  return {
    port,
    down: async () => {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const socket of sockets) socket.resetAndDestroy();
        sockets.clear();
      });
    },
    up: listen,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) =>
        server?.listening ? server.close(() => resolve()) : resolve(),
      );
    },
  };
}

export type FaultBackend = TestDatabase['name'];
/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const faultBackends: FaultBackend[] = backends;

export type FaultDatabase = {
  /** What the processes under test get. */
  env: Record<string, string>;
  target: { url?: string; dataDir?: string };
  close: () => Promise<void>;
};

/**
 * An empty database for one test: a PGlite folder that the first process to
 * start will own (as the site owns it in production), or a database of its
 * own on the TEST_DATABASE_URL server, dropped afterwards.
 */
export async function faultDatabase(backend: FaultBackend): Promise<FaultDatabase> {
  if (backend === 'pglite') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'agency-faults-'));
    return {
      env: { DATA_DIR: dataDir },
      target: { dataDir },
      close: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const scratch = await scratchPostgres('agency_faults');
  return {
    env: { DATABASE_URL: scratch.url },
    target: { url: scratch.url },
    close: scratch.drop,
  };
}

export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;

/**
 * What the delivery fault tests of one `describe` run on: an empty database
 * and a Telegram stand-in, opened before the tests and closed after them, and
 * the sites and workers they start (`rig.started(proc)`), killed after them
 * (or earlier, with `rig.killStarted()`).
 */
export function deliveryRig(backend: FaultBackend) {
  let database: FaultDatabase | undefined;
  let telegram: FakeTelegram | undefined;
  const processes: Proc[] = [];
  const killStarted = async () => {
    await Promise.all(processes.splice(0).map((proc) => proc.kill('SIGKILL')));
  };
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the rig opens before the tests (beforeAll)');
    return value;
  };
  beforeAll(async () => {
    [database, telegram] = await Promise.all([faultDatabase(backend), startFakeTelegram()]);
  });
  afterAll(async () => {
    await killStarted();
    await Promise.all([telegram?.close(), database?.close()]);
  });
  return {
    get database() {
      return opened(database);
    },
    get telegram() {
      return opened(telegram);
    },
    /** A process's variables: this database, and the stand-in as Telegram. */
    get env(): Record<string, string> {
      return { ...opened(database).env, ...telegramEnv, TELEGRAM_API_URL: opened(telegram).url };
    },
    started<P extends Proc>(proc: P): P {
      processes.push(proc);
      return proc;
    },
    killStarted,
  };
}
