import { describe, expect, it } from 'vitest';
import {
  Client,
  deliveryRig,
  faultBackends,
  newKey,
  pool,
  startSite,
  startWorker,
  waitUntil,
  waitUntilAllSent,
  workerStarted,
} from './support';

const total = 200;

describe.each(faultBackends)('the worker killed mid-delivery on %s', (backend) => {
  const rig = deliveryRig(backend);

  it('loses no job: after a restart every lead is delivered (at least once)', async () => {
    // The site only takes requests (it queues a job per configured channel);
    // delivery is the worker's (OUTBOX_WORKER=off).
    const { database, telegram } = rig;
    const site = rig.started(await startSite({ ...rig.env, OUTBOX_WORKER: 'off' }));
    const client = new Client(() => site.url);
    await client.prepare();
    const references: string[] = [];
    await pool(total, 8, async (n) => {
      const answer = await client.send(n, newKey());
      expect(answer.status).toBe(201);
      if (answer.status !== 'network') references.push(answer.body.reference as string);
    });

    // A job the killed worker held is taken over after 3 s instead of 2 minutes.
    const env = { ...rig.env, OUTBOX_LEASE_SECONDS: '3' };
    telegram.state.delayMs = 15; // slow enough to kill the worker between sends
    const first = rig.started(startWorker(env));
    await workerStarted(first);
    await waitUntil('a quarter is delivered', () => telegram.calls.length >= total / 4);
    await first.kill('SIGKILL');
    const deliveredBeforeCrash = telegram.calls.length;
    expect(deliveredBeforeCrash).toBeLessThan(total);

    const second = rig.started(startWorker(env));
    await workerStarted(second);
    await waitUntilAllSent(database.target, 60_000);

    const texts = telegram.calls.map((call) => String(call.body.text));
    const lost = references.filter((reference) => !texts.some((text) => text.includes(reference)));
    expect(lost).toEqual([]);
    const twice = telegram.calls.length - total;
    console.log(
      `${backend}: killed after ${deliveredBeforeCrash} of ${total}; ${twice} delivered twice, none lost`,
    );
    expect(twice).toBeGreaterThanOrEqual(0);
    expect(twice).toBeLessThanOrEqual(5); // at most the batch the dead worker held

    // The worker stops cleanly on SIGTERM, well within a platform's grace period.
    const signalled = Date.now();
    const exit = await second.kill('SIGTERM');
    expect(exit.code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
  });
});
