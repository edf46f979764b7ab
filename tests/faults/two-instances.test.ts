import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTelegram } from '../support/fake-services';
import {
  Client,
  faultDatabase,
  inspect,
  newKey,
  pool,
  startSite,
  startWorker,
  telegramEnv,
  waitUntilAllSent,
  workerStarted,
  type FaultDatabase,
  type Proc,
  type Site,
} from './support';

const total = 500;

// Several instances are a PostgreSQL deployment (the embedded database is for one).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two site instances and one worker on PostgreSQL',
  () => {
    const backend = 'postgres';
    let database: FaultDatabase;
    let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
    const processes: Proc[] = [];

    beforeAll(async () => {
      [database, telegram] = await Promise.all([faultDatabase(backend), startFakeTelegram()]);
    });
    afterAll(async () => {
      await Promise.all(processes.map((proc) => proc.kill('SIGKILL')));
      await Promise.all([telegram?.close(), database?.close()]);
    });

    it(`turn ${total} requests spread over both into ${total} leads, each delivered once`, async () => {
      const sites: Site[] = [];
      for (let i = 0; i < 2; i += 1) {
        const site = await startSite({ ...database.env, ...telegramEnv, OUTBOX_WORKER: 'off' });
        sites.push(site);
        processes.push(site);
      }
      const worker = startWorker({
        ...database.env,
        ...telegramEnv,
        TELEGRAM_API_URL: telegram.url,
      });
      processes.push(worker);
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
