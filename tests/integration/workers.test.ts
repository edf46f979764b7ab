import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxJobs } from '@/server/db/schema';
import { startFakeTelegram } from '../support/fake-services';
import { runScript, stop } from '../support/processes';
import {
  backends,
  createTestDatabase,
  insertLeadsWithJobs,
  type TestDatabase,
} from '../support/test-db';

const jobs = 200;

/** Resolves when the worker has logged that it runs. */
function started(worker: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    worker.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"event":"worker.start"')) resolve();
    });
    worker.on('exit', (code) => reject(new Error(`worker exited with ${code}: ${output}`)));
  });
}

describe.each(backends)('two worker processes on %s', (backend) => {
  let test: TestDatabase;
  let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;

  beforeAll(async () => {
    [test, telegram] = await Promise.all([createTestDatabase(backend), startFakeTelegram()]);
    // Slow enough that both workers are busy at once.
    telegram.state.delayMs = 10;
  }, 60_000);
  afterAll(async () => {
    await Promise.all([test?.close(), telegram?.close()]);
  });

  it(`deliver each of ${jobs} jobs exactly once`, async () => {
    const env = {
      ...(test.dataDir ? { DATA_DIR: test.dataDir } : { DATABASE_URL: test.url }),
      TELEGRAM_BOT_TOKEN: '123456789:AAEhBOweik6ad6PsVMRxjeQKkHmdhGfhV0',
      TELEGRAM_CHAT_ID: '-100200300',
      TELEGRAM_API_URL: telegram.url,
      // Exactly once is the point here, not the ceiling of messages a minute.
      LEADS_NOTIFY_PER_MINUTE: '1000',
      LOG_LEVEL: 'info',
    };
    const workers = [
      runScript('scripts/worker.mts', [], env),
      runScript('scripts/worker.mts', [], env),
    ];
    let stderr = '';
    for (const worker of workers)
      worker.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      await Promise.all(workers.map(started));
      await insertLeadsWithJobs(test.db, { count: jobs, prefix: 'W' });

      const deadline = Date.now() + 90_000;
      let sent = 0;
      while (Date.now() < deadline) {
        const [row] = await test.db
          .select({ n: sql<number>`count(*)::int` })
          .from(outboxJobs)
          .where(sql`status = 'sent'`);
        sent = row!.n;
        if (sent === jobs) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(sent, stderr).toBe(jobs);
    } finally {
      await Promise.all(workers.map((worker) => stop(worker)));
    }

    const perReference = new Map<string, number>();
    for (const call of telegram.calls) {
      const reference = /#(\S+)/.exec(String(call.body.text))?.[1] ?? '?';
      perReference.set(reference, (perReference.get(reference) ?? 0) + 1);
    }
    expect(perReference.size).toBe(jobs);
    expect([...perReference.values()].filter((n) => n !== 1)).toEqual([]);
    // Both processes delivered a share.
    const senders = await test.db.execute<{ worker: string; n: number }>(
      sql`SELECT locked_by AS worker, count(*)::int AS n FROM outbox_jobs GROUP BY locked_by`,
    );
    expect(senders.rows).toHaveLength(2);
  }, 120_000);
});
