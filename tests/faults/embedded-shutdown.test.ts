import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leads } from '@/server/db/schema';
import {
  Client,
  deliveryRig,
  inspect,
  newKey,
  pool,
  startSite,
  startWorker,
  waitUntil,
  workerStarted,
  type Answer,
} from './support';

/*
 * SIGTERM to the process that serves the embedded database while visitors
 * submit at 16 at a time and the outbox worker delivers: it answers what it
 * has in hand, closes the database, lets the folder go and exits 0 within the
 * 10 s a platform waits; every lead it acknowledged is in the folder after.
 */

/** The lock file of the folder: who holds it, or undefined once it is let go. */
function lockOf(dataDir: string): { pid: number; socket?: string } | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')) as {
      pid: number;
      socket?: string;
    };
  } catch {
    return undefined;
  }
}

async function storedReferences(dataDir: string, references: string[]) {
  const check = await inspect({ dataDir });
  try {
    const rows = await check.db
      .select({ reference: leads.reference })
      .from(leads)
      .where(inArray(leads.reference, references));
    return new Set(rows.map((row) => row.reference));
  } finally {
    await check.close();
  }
}

describe('SIGTERM under load to the process serving the embedded database', () => {
  const rig = deliveryRig('pglite');

  it('the site: answers the requests in hand, exits 0 within 10 s, lets the folder go, loses no lead', async () => {
    const dataDir = rig.database.target.dataDir!;
    const site = rig.started(await startSite(rig.env));
    const client = new Client(() => site.url);
    await client.prepare();

    const accepted: string[] = [];
    const refused: string[] = [];
    let signalled = 0;
    await pool(1_000, 16, async (n) => {
      if (signalled && Date.now() - signalled > 3_000) return;
      // Health checks among the submissions, as a load balancer sends them.
      if (n % 8 === 7) {
        await fetch(`${site.url}/api/health`).catch(() => undefined);
        return;
      }
      const answer: Answer = await client.send(n, newKey());
      if (answer.status === 201) accepted.push(answer.body.reference as string);
      else refused.push(answer.status === 'network' ? 'network' : String(answer.status));
      if (accepted.length >= 80 && !signalled) {
        signalled = Date.now();
        site.child.kill('SIGTERM');
      }
    });
    const exit = await site.exited;
    console.info(
      `site SIGTERM under load: exit ${exit.code} after ${exit.at - signalled} ms; ` +
        `${accepted.length} accepted, refused: ${[...new Set(refused)].join(', ') || 'none'}`,
    );
    expect(signalled).toBeGreaterThan(0);
    expect(exit.code, site.lines.slice(-30).join('\n')).toBe(0);
    expect(exit.at - signalled).toBeLessThan(10_000);
    expect(site.lines.some((line) => line.includes('"event":"server.shutdown.timeout"'))).toBe(
      false,
    );
    // Turned away at the door once stopping, never answered with a failure.
    expect(refused.filter((status) => status !== 'network')).toEqual([]);
    expect(lockOf(dataDir)).toBeUndefined();

    const stored = await storedReferences(dataDir, accepted);
    expect(accepted.filter((reference) => !stored.has(reference))).toEqual([]);
  }, 180_000);

  it('the worker that serves it to the site: exits 0 within 10 s, lets the folder go, and the site takes it over', async () => {
    const dataDir = rig.database.target.dataDir!;
    // The worker opens the folder first and serves it; the site connects to it.
    const worker = rig.started(startWorker(rig.env));
    await workerStarted(worker);
    await waitUntil('the worker serves the folder', () => lockOf(dataDir)?.socket !== undefined);
    expect(lockOf(dataDir)?.pid).toBe(worker.child.pid);
    const site = rig.started(await startSite({ ...rig.env, OUTBOX_WORKER: 'off' }));
    const client = new Client(() => site.url);
    await client.prepare();

    const accepted: string[] = [];
    const refused: string[] = [];
    let signalled = 0;
    let afterExit = 0;
    await pool(1_000, 16, async (n) => {
      // Until the site has answered a few after the worker has gone.
      if (signalled && worker.child.exitCode !== null && afterExit >= 32) return;
      const answer = await client.send(n, newKey());
      if (answer.status === 201) {
        accepted.push(answer.body.reference as string);
        if (worker.child.exitCode !== null) afterExit += 1;
      } else
        refused.push(
          answer.status === 'network' ? `network ${answer.error}` : String(answer.status),
        );
      if (accepted.length >= 60 && !signalled) {
        signalled = Date.now();
        worker.child.kill('SIGTERM');
      }
    });
    const exit = await worker.exited;
    console.info(
      `worker SIGTERM under load: exit ${exit.code} after ${exit.at - signalled} ms; ` +
        `${accepted.length} accepted through the site, refused: ${[...new Set(refused)].join(', ') || 'none'}`,
    );
    expect(exit.code, worker.lines.slice(-30).join('\n')).toBe(0);
    expect(exit.at - signalled).toBeLessThan(10_000);
    expect(afterExit).toBeGreaterThanOrEqual(32);
    // While the folder changes hands, the site may say "try again shortly"
    // (503 with Retry-After); it never hangs or fails otherwise.
    expect(refused.filter((status) => status !== '503')).toEqual([]);
    // The site serves the folder now.
    expect(lockOf(dataDir)?.pid).toBe(site.child.pid);

    expect((await site.kill('SIGTERM')).code).toBe(0);
    expect(lockOf(dataDir)).toBeUndefined();
    const stored = await storedReferences(dataDir, accepted);
    expect(accepted.filter((reference) => !stored.has(reference))).toEqual([]);
  }, 180_000);
});
