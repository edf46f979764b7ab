import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { leads, outboxJobs } from '@/server/db/schema';
import {
  deliveryRig,
  faultBackends,
  inspect,
  sleep,
  startTcpProxy,
  startWorker,
  waitUntil,
  waitUntilAllSent,
  workerStarted,
  type FakeTelegram,
  type FaultDatabase,
} from './support';

async function addLead(target: FaultDatabase['target'], reference: string) {
  const check = await inspect(target);
  try {
    const [lead] = await check.db
      .insert(leads)
      .values({
        reference,
        contactMethod: 'phone',
        contactValue: '+77011234567',
        language: 'ru',
        page: '/ru',
        idempotencyKey: crypto.randomUUID(),
      })
      .returning({ id: leads.id });
    await check.db.insert(outboxJobs).values({ leadId: lead!.id, channel: 'telegram' });
  } finally {
    await check.close();
  }
}

const callsFor = (telegram: FakeTelegram, reference: string) =>
  telegram.calls.filter((call) => String(call.body.text).includes(reference)).length;

// The embedded database (the default, one server) always; PostgreSQL too when the machine has it.
describe.each(faultBackends)('delivery faults on %s', (backend) => {
  const rig = deliveryRig(backend);
  afterEach(async () => {
    rig.telegram.state.onCall = undefined;
    await rig.killStarted();
  });

  it('a worker renews its hold while a slow send lasts, and a killed worker’s job is delivered within 30 s', async () => {
    const { database, telegram, env } = rig;
    // Two workers holding a job for 3 s: Telegram takes 8 s to answer the first
    // send (within the 10 s a send may take), far longer than the hold.
    const a = rig.started(startWorker({ ...env, OUTBOX_LEASE_SECONDS: '3' }));
    const b = rig.started(startWorker({ ...env, OUTBOX_LEASE_SECONDS: '3' }));
    await Promise.all([workerStarted(a), workerStarted(b)]);
    let release: (() => void) | undefined;
    telegram.state.onCall = (index) =>
      index === 1 ? new Promise<void>((resolve) => (release = resolve)) : undefined;
    await addLead(database.target, 'SLO-W01');
    await waitUntil('the first send has begun', () => release !== undefined, 10_000);
    await sleep(8_000);
    // The other worker did not take the job over meanwhile: the hold was renewed.
    expect(telegram.calls).toHaveLength(0);
    release!();
    await waitUntilAllSent(database.target, 10_000);
    expect(callsFor(telegram, 'SLO-W01')).toBe(1);
    await Promise.all([a.kill('SIGKILL'), b.kill('SIGKILL')]);

    // With the default hold (20 s), a worker dies in the middle of a send.
    const c = rig.started(startWorker(env));
    const d = rig.started(startWorker(env));
    await Promise.all([workerStarted(c), workerStarted(d)]);
    let began = 0;
    telegram.state.onCall = (index) => {
      if (index !== 2) return undefined;
      began = Date.now();
      return new Promise<void>(() => {});
    };
    await addLead(database.target, 'DIE-D01');
    await waitUntil('the second send has begun', () => began > 0, 10_000);
    // The job the dead worker leaves behind, and which worker holds it.
    const check = await inspect(database.target);
    const [job] = await check.db.select().from(outboxJobs).where(eq(outboxJobs.status, 'sending'));
    await check.close();
    const holder = [c, d].find((worker) => job!.lockedBy!.endsWith(`-${worker.child.pid}`))!;
    const other = holder === c ? d : c;
    const killedAt = Date.now();
    await holder.kill('SIGKILL');
    // Once the dead worker's lease on it has run out (plus a round of the other).
    await waitUntil(
      'the other worker delivered it',
      () => callsFor(telegram, 'DIE-D01') === 1,
      35_000,
    );
    console.log(
      `${backend}: a killed worker's job delivered by the other ${Date.now() - killedAt} ms later`,
    );
    await waitUntil(
      'the other worker recorded it as sent',
      () => other.lines.some((line) => line.includes('"event":"delivery.sent"')),
      5_000,
    );
  }, 90_000);

  it.runIf(backend === 'postgres')(
    'a send whose "sent" cannot be recorded is recorded later, not sent again',
    async () => {
      const { database, telegram } = rig;
      const url = new URL(database.env.DATABASE_URL!);
      const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      try {
        url.hostname = '127.0.0.1';
        url.port = String(proxy.port);
        const worker = rig.started(
          startWorker({
            ...rig.env,
            DATABASE_URL: url.toString(),
            // A short hold: without the fix, the job would be taken again and resent.
            OUTBOX_LEASE_SECONDS: '4',
          }),
        );
        await workerStarted(worker);
        // The database goes away while Telegram is accepting the message, for 3 s.
        telegram.state.onCall = async () => {
          telegram.state.onCall = undefined;
          await proxy.down();
          setTimeout(() => void proxy.up(), 3_000);
        };
        await addLead(database.target, 'MRK-F01');
        await waitUntil('it was sent', () => callsFor(telegram, 'MRK-F01') === 1, 10_000);
        await waitUntilAllSent(database.target, 30_000);
        // Well past the hold and several rounds: still one message.
        await sleep(8_000);
        expect(callsFor(telegram, 'MRK-F01')).toBe(1);
        // The database error was logged, without the visitor's contact.
        const marks = worker.lines.filter((line) => line.includes('"event":"delivery.mark"'));
        expect(marks.length).toBeGreaterThan(0);
        expect(marks.join('\n')).not.toContain('+77011234567');
      } finally {
        await proxy.close();
      }
    },
    60_000,
  );
});

/**
 * The process that serves an embedded database folder, from its lock file
 * (a process that has claimed the folder but does not serve it yet names no socket).
 */
function servingPid(dataDir: string): number | undefined {
  try {
    const lock = JSON.parse(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')) as {
      pid?: number;
      socket?: string;
    };
    return lock.socket === undefined ? undefined : lock.pid;
  } catch {
    return undefined; // not written yet, or being replaced
  }
}

// The embedded database is served by the first process to open its folder;
// the others reach it through that process (src/server/db/embedded.ts).
describe('the process that serves the embedded database dies', () => {
  const rig = deliveryRig('pglite');

  it('another process takes the folder over, keeps what was saved and goes on delivering', async () => {
    const { database, telegram, env } = rig;
    const dataDir = database.target.dataDir!;
    const owner = rig.started(startWorker(env));
    await workerStarted(owner);
    const other = rig.started(startWorker(env));
    await workerStarted(other);
    expect(servingPid(dataDir)).toBe(owner.child.pid);
    await addLead(database.target, 'OWN-A01');
    await waitUntil('the first lead was sent', () => callsFor(telegram, 'OWN-A01') === 1, 10_000);

    await owner.kill('SIGKILL');
    // The other worker sees it on its next round and serves the folder itself;
    // it neither waits for ever on a database that is gone nor exits.
    await waitUntil(
      'the other worker serves the folder',
      () => servingPid(dataDir) === other.child.pid,
      15_000,
    );
    await addLead(database.target, 'OWN-B02');
    await waitUntil('the second lead was sent', () => callsFor(telegram, 'OWN-B02') === 1, 10_000);
    expect(other.child.exitCode).toBeNull();
    expect(callsFor(telegram, 'OWN-A01')).toBe(1);
    const check = await inspect(database.target);
    try {
      const [saved] = await check.db.select({ total: count() }).from(leads);
      expect(saved!.total).toBe(2);
    } finally {
      await check.close();
    }
  }, 60_000);
});
