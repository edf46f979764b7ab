import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  Client,
  deliveryRig,
  inspect,
  newKey,
  pool,
  startSite,
  startWorker,
  waitUntilAllSent,
  workerStarted,
  type Site,
} from './support';

const total = 500;

// Several instances are a PostgreSQL deployment (the embedded database is for one).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two site instances and one worker on PostgreSQL',
  () => {
    const rig = deliveryRig('postgres');

    it(`turn ${total} requests spread over both into ${total} leads, each delivered once`, async () => {
      const { database, telegram } = rig;
      const sites: Site[] = [];
      for (let i = 0; i < 2; i += 1)
        sites.push(rig.started(await startSite({ ...rig.env, OUTBOX_WORKER: 'off' })));
      const worker = rig.started(startWorker(rig.env));
      await workerStarted(worker);

      const clients = sites.map((site) => new Client(() => site.url));
      await Promise.all(clients.map((client) => client.prepare()));
      const references: string[] = [];
      await pool(total, 8, async (n) => {
        const answer = await clients[n % 2]!.send(n, newKey());
        expect(answer.status, JSON.stringify(answer)).toBe(201);
        if (answer.status !== 'network') references.push(answer.body.reference as string);
      });
      expect(new Set(references).size).toBe(total);

      const check = await inspect(database.target);
      try {
        const [stored] = (
          await check.db.execute<{ leads: number }>(sql`SELECT count(*)::int AS leads FROM leads`)
        ).rows;
        expect(stored!.leads).toBe(total);
      } finally {
        await check.close();
      }
      await waitUntilAllSent(database.target, 60_000);
      expect(telegram.calls).toHaveLength(total);
      const texts = telegram.calls.map((call) => String(call.body.text));
      for (const reference of references)
        expect(
          texts.filter((text) => text.includes(reference)),
          reference,
        ).toHaveLength(1);
    });
  },
);
