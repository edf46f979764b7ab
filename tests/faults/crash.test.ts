import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  Client,
  deliveryRig,
  faultBackends,
  inspect,
  newKey,
  pool,
  sleep,
  startSite,
  waitUntilAllSent,
} from './support';

const total = 1000;
const killAfter = 300;

describe.each(faultBackends)('the server killed mid-stream on %s', (backend) => {
  const rig = deliveryRig(backend);

  it(`keeps every one of ${total} accepted requests exactly once, and delivers each after the restart`, async () => {
    const { database, telegram } = rig;
    // The jobs the killed server was sending are taken over after 5 s, not 2 minutes.
    const env = { ...rig.env, OUTBOX_LEASE_SECONDS: '5' };
    let site = rig.started(await startSite(env));
    const port = site.port;
    const client = new Client(() => site.url);
    await client.prepare();

    const references = new Map<number, string>();
    let restarted: Promise<void> | undefined;
    let networkErrors = 0;
    await pool(total, 8, async (n) => {
      // One key per request: a retry after a lost answer must not make a second lead.
      const key = newKey();
      for (let attempt = 0; ; attempt += 1) {
        expect(attempt, `request ${n} kept failing`).toBeLessThan(300);
        const answer = await client.send(n, key);
        if (answer.status === 201 || answer.status === 200) {
          references.set(n, answer.body.reference as string);
          break;
        }
        expect(answer.status === 'network' || answer.status === 503, JSON.stringify(answer)).toBe(
          true,
        );
        networkErrors += 1;
        await sleep(100);
      }
      if (references.size >= killAfter && !restarted) {
        restarted = (async () => {
          await site.kill('SIGKILL');
          site = rig.started(await startSite(env, port));
        })();
      }
    });
    await restarted;

    expect(networkErrors).toBeGreaterThan(0); // the crash did happen mid-stream
    expect(references.size).toBe(total);
    expect(new Set(references.values()).size).toBe(total);

    const check = await inspect(database.target);
    try {
      const [stored] = (
        await check.db.execute<{ leads: number; distinct_keys: number }>(
          sql`SELECT count(*)::int AS leads, count(DISTINCT idempotency_key)::int AS distinct_keys FROM leads`,
        )
      ).rows;
      expect(stored).toEqual({ leads: total, distinct_keys: total });
      const found = await check.db.execute<{ reference: string }>(sql`SELECT reference FROM leads`);
      expect(new Set(found.rows.map((row) => row.reference))).toEqual(new Set(references.values()));
    } finally {
      await check.close();
    }
    // Delivered by the restarted server's worker: every job sent, every lead in the chat.
    await waitUntilAllSent(database.target, 90_000);
    const texts = telegram.calls.map((call) => String(call.body.text));
    for (const reference of references.values())
      expect(
        texts.some((text) => text.includes(reference)),
        reference,
      ).toBe(true);
    const duplicates = telegram.calls.length - total;
    console.log(`${backend}: ${total} delivered, ${duplicates} delivered twice`);
  });
});
