import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { APIContext } from 'astro';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/server/db/client';
import { deliveryChannels, leads, notificationSends, outboxJobs } from '@/server/db/schema';
import { checkAlerts } from '@/server/delivery/alerts';
import { deliveryStatus, statusReport } from '@/server/delivery/health';
import {
  outboxRun,
  runOutboxOnce,
  startOutboxWorker,
  type OutboxRun,
} from '@/server/delivery/outbox';
import type { Deliverers } from '@/server/delivery/types';
import { createDeliverers } from '@/server/delivery/wiring';
import { parseServerEnv } from '@/server/env';
import { captureLogs } from '@/server/log';
import { startFakeWebhook } from '../support/fake-crm';
import { startFakeSmtp, startFakeTelegram, type ReceivedMail } from '../support/fake-services';
import { runToEnd } from '../support/processes';
import {
  backends,
  createTestDatabase,
  insertLeadsWithJobs,
  type TestDatabase,
} from '../support/test-db';

// The health endpoint asks `getDb()` for the site's database: here, the test's.
const site = vi.hoisted(() => ({ db: undefined as Database | undefined }));
vi.mock(import('@/server/db/client'), async (importOriginal) => ({
  ...(await importOriginal()),
  getDb: () => (site.db ? Promise.resolve(site.db) : Promise.reject(new Error('connect refused'))),
}));
const { GET } = await import('@/pages/api/health');

const botToken = '123456789:AAEhBOweik6ad6PsVMRxjeQKkHmdhGfhV0';
const webhookSecret = 'a-webhook-secret-of-the-agency';

type Health = {
  status: string;
  database: string;
  delivery: {
    status: string;
    waiting: number;
    oldestWaitingSeconds: number | null;
    channels: Record<
      string,
      {
        status: string;
        waiting: number;
        failing: number;
        givenUp: number;
        lastAttempt: { outcome: string; at: string } | null;
        failingSince: string | null;
      }
    >;
  } | null;
};

async function health(): Promise<{ code: number; text: string; body: Health }> {
  const response = await GET({} as APIContext);
  const text = await response.text();
  return { code: response.status, text, body: JSON.parse(text) as Health };
}

/** A part of a raw MIME message (text/plain or text/html), decoded. */
function mailPart(mail: ReceivedMail, type: 'text/plain' | 'text/html'): string {
  const raw = mail.raw;
  const start = raw.indexOf(`Content-Type: ${type}`);
  const headerEnd = raw.indexOf('\r\n\r\n', start);
  const headers = raw.slice(start, headerEnd);
  const body = raw.slice(headerEnd + 4);
  const part = body.slice(0, body.indexOf('\r\n--'));
  if (/Content-Transfer-Encoding: base64/i.test(headers))
    return Buffer.from(part.replace(/\s+/g, ''), 'base64').toString('utf8');
  return Buffer.from(
    part
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The Subject header, its encoded words decoded. */
function mailSubject(mail: ReceivedMail): string {
  const header = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(mail.raw)?.[1] ?? '';
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/g, (__, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

/** A local port nothing listens on: a service that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(backends)('delivery health and alerts on %s', (backend) => {
  let test: TestDatabase;

  /** Real outbox rounds until `read()` gives `expected` (20 s at most). */
  const roundsUntil = async <T>(
    deliverers: Deliverers,
    run: OutboxRun,
    read: () => T,
    expected: T,
  ) => {
    await expect
      .poll(
        async () => {
          await runOutboxOnce(test.db, deliverers, run);
          return read();
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(expected);
  };
  let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let webhook: Awaited<ReturnType<typeof startFakeWebhook>>;
  let deadPort: number;

  const settings = {
    telegram: () => ({
      TELEGRAM_BOT_TOKEN: botToken,
      TELEGRAM_CHAT_ID: '-1001234567890',
      TELEGRAM_API_URL: telegram.url,
    }),
    email: () => ({ SMTP_URL: smtp.url, LEADS_EMAIL_TO: 'sales@example.com' }),
    webhook: () => ({ LEADS_WEBHOOK_URL: webhook.url, LEADS_WEBHOOK_SECRET: webhookSecret }),
    deadBitrix24: () => ({ BITRIX24_WEBHOOK_URL: `http://127.0.0.1:${deadPort}/rest/1/key/` }),
  };
  const deliverersFor = (...parts: (keyof typeof settings)[]): Promise<Deliverers> =>
    createDeliverers(
      parseServerEnv(
        parts.reduce<Record<string, string>>((env, part) => ({ ...env, ...settings[part]() }), {
          LEADS_NOTIFY_LANGUAGE: 'en',
        }),
      ),
    );

  beforeAll(async () => {
    [test, telegram, smtp, webhook, deadPort] = await Promise.all([
      createTestDatabase(backend),
      startFakeTelegram(),
      startFakeSmtp(),
      startFakeWebhook(webhookSecret),
      closedPort(),
    ]);
  }, 60_000);
  afterAll(async () => {
    site.db = undefined;
    await Promise.all([test?.close(), telegram?.close(), smtp?.close(), webhook?.close()]);
  });
  beforeEach(async () => {
    site.db = test.db;
    await test.db.delete(leads);
    await test.db.delete(deliveryChannels);
    await test.db.delete(notificationSends);
    telegram.calls.length = 0;
    telegram.state.down = false;
    smtp.mails.length = 0;
    smtp.state.down = false;
    webhook.received.length = 0;
  });

  /** A worker's loop on the test database, counting its rounds (one getDb each). */
  function startWorker(deliverers: Deliverers, workerId: string) {
    const counter = { rounds: 0 };
    const worker = startOutboxWorker({
      getDb: () => {
        counter.rounds += 1;
        return Promise.resolve(test.db);
      },
      deliverers,
      workerId,
      idleMs: 50,
      retentionDays: 365,
      alertAfterMs: 1_000,
    });
    return { worker, counter };
  }

  /** Lets each worker go through a few more whole rounds. */
  async function moreRounds(...counters: { rounds: number }[]) {
    const targets = counters.map((c) => c.rounds + 4);
    await expect
      .poll(() => counters.every((c, i) => c.rounds >= targets[i]!), { timeout: 10_000 })
      .toBe(true);
  }

  const alertMails = () => smtp.mails.filter((mail) => /Channel/.test(mailSubject(mail)));

  it('turns degraded within a minute of Telegram failing, e-mails the team once, and once more when it delivers', async () => {
    const deliverers = await deliverersFor('telegram', 'email');
    telegram.state.down = true;
    await insertLeadsWithJobs(test.db, { count: 3, prefix: 'TGF', channel: 'telegram' });
    expect((await health()).body).toMatchObject({
      status: 'ok',
      delivery: { waiting: 3, channels: { telegram: { lastAttempt: null } } },
    });

    const started = Date.now();
    const { worker, counter } = startWorker(deliverers, 'only');
    let stopped = false;
    try {
      await expect
        .poll(async () => (await health()).body.delivery?.channels.telegram?.failing, {
          timeout: 60_000,
        })
        .toBe(3);
      expect(Date.now() - started).toBeLessThan(60_000);
      const degraded = await health();
      expect(degraded.code).toBe(200);
      expect(degraded.body).toMatchObject({
        status: 'degraded',
        database: 'up',
        delivery: {
          status: 'degraded',
          waiting: 3,
          oldestWaitingSeconds: expect.any(Number),
          channels: {
            telegram: {
              status: 'failing',
              waiting: 3,
              failing: 3,
              givenUp: 0,
              lastAttempt: { outcome: 'failed', at: expect.any(String) },
              failingSince: expect.any(String),
            },
          },
        },
      });

      // After ALERT_AFTER_MINUTES (1 s here): one e-mail, not one per lead.
      await expect.poll(() => alertMails().length, { timeout: 20_000 }).toBe(1);
      const alert = alertMails()[0]!;
      expect(alert.to).toEqual(['sales@example.com']);
      expect(mailSubject(alert)).toBe('⚠️ Channel “Telegram”: leads are not being delivered');
      const text = mailPart(alert, 'text/plain');
      expect(text).toContain('Every delivery attempt has failed since ');
      expect(text).toContain('Last error: Telegram answered 502: Bad Gateway');
      expect(text).toContain(
        "3 leads are waiting for this channel; every lead is saved in the site's database.",
      );
      expect(text).toContain('npm run leads -- status');
      expect(text).toContain('npm run leads -- retry-failed');
      expect(text).not.toMatch(/\+7701|TGF/);
      expect(mailPart(alert, 'text/html')).toContain('<h1');
      await moreRounds(counter);
      expect(alertMails()).toHaveLength(1);

      // Telegram answers again: the next lead goes through, the ones held back
      // by the back-off follow at once, and the team hears it once.
      telegram.state.down = false;
      await insertLeadsWithJobs(test.db, { count: 1, prefix: 'TGR', channel: 'telegram' });
      await expect.poll(async () => (await health()).body.status, { timeout: 20_000 }).toBe('ok');
      await expect.poll(() => alertMails().length, { timeout: 20_000 }).toBe(2);
      const recovered = alertMails()[1]!;
      expect(mailSubject(recovered)).toBe('✅ Channel “Telegram” delivers again');
      const recoveredText = mailPart(recovered, 'text/plain');
      expect(recoveredText).toMatch(/Deliveries failed from .+ to .+\./);
      expect(recoveredText).toContain('4 leads waited up to 1 minute.');
      await expect.poll(() => telegram.calls.length, { timeout: 20_000 }).toBe(4);
      await worker.stop();
      stopped = true;
      expect(await health()).toMatchObject({
        code: 200,
        body: {
          status: 'ok',
          delivery: {
            waiting: 0,
            oldestWaitingSeconds: null,
            channels: { telegram: { status: 'ok', lastAttempt: { outcome: 'sent' } } },
          },
        },
      });
      // A round after the recovery: nothing more to say.
      await runOutboxOnce(test.db, deliverers, outboxRun('later', { alertAfterMs: 1_000 }));
      expect(alertMails()).toHaveLength(2);
    } finally {
      if (!stopped) await worker.stop();
    }
  }, 90_000);

  it('two workers on one database send one alert each way', async () => {
    const [a, b] = await Promise.all([
      deliverersFor('telegram', 'email'),
      deliverersFor('telegram', 'email'),
    ]);
    telegram.state.down = true;
    await insertLeadsWithJobs(test.db, { count: 4, prefix: 'TWO', channel: 'telegram' });
    const first = startWorker(a, 'worker-a');
    const second = startWorker(b, 'worker-b');
    try {
      await expect.poll(() => alertMails().length, { timeout: 30_000 }).toBe(1);
      await moreRounds(first.counter, second.counter);
      expect(alertMails()).toHaveLength(1);

      telegram.state.down = false;
      await insertLeadsWithJobs(test.db, { count: 1, prefix: 'TWR', channel: 'telegram' });
      await expect.poll(() => alertMails().length, { timeout: 30_000 }).toBe(2);
      await moreRounds(first.counter, second.counter);
      expect(alertMails().map((mail) => mailSubject(mail))).toEqual([
        '⚠️ Channel “Telegram”: leads are not being delivered',
        '✅ Channel “Telegram” delivers again',
      ]);
    } finally {
      await Promise.all([first.worker.stop(), second.worker.stop()]);
    }
  }, 90_000);

  it('the same alert claimed by many rounds at once is sent once', async () => {
    const deliverers = await deliverersFor('telegram', 'email');
    telegram.state.down = true;
    await insertLeadsWithJobs(test.db, { count: 1, prefix: 'RAC', channel: 'telegram' });
    await runOutboxOnce(test.db, deliverers, outboxRun('r', { alertAfterMs: 60_000 }));
    // The outage began long enough ago.
    await test.db.execute(
      sql`UPDATE delivery_channels SET failing_since = now() - interval '1 hour'`,
    );
    const runs = ['x1', 'x2', 'x3', 'x4'].map((workerId) =>
      checkAlerts(test.db, deliverers, { workerId, alertAfterMs: 60_000, retryInMs: () => 10_000 }),
    );
    const sent = (await Promise.all(runs)).flat();
    expect(sent.map((alert) => alert.kind)).toEqual(['failing']);
    expect(alertMails()).toHaveLength(1);
  });

  it('an e-mail outage is told through Telegram', async () => {
    const deliverers = await deliverersFor('telegram', 'email');
    const run = outboxRun('mail', { alertAfterMs: 1_000 });
    smtp.state.down = true;
    await insertLeadsWithJobs(test.db, { count: 2, prefix: 'EMF', channel: 'email' });
    const alerts = () => telegram.calls.filter((call) => /Channel/.test(String(call.body.text)));
    await roundsUntil(deliverers, run, () => alerts().length, 1);
    const text = String(alerts()[0]!.body.text);
    expect(text).toMatch(/^⚠️ <b>Channel “Email”: leads are not being delivered<\/b>\n/);
    expect(text).toContain('Last error: SMTP failed:');
    expect(text).toContain('2 leads are waiting for this channel');
    expect((await health()).body.delivery?.channels.email).toMatchObject({ status: 'failing' });

    smtp.state.down = false;
    await test.db.execute(
      sql`UPDATE outbox_jobs SET next_attempt_at = now() WHERE status = 'pending'`,
    );
    await roundsUntil(deliverers, run, () => alerts().length, 2);
    expect(String(alerts()[1]!.body.text)).toContain('Channel “Email” delivers again');
    expect(String(alerts()[1]!.body.text)).toContain('2 leads waited up to 1 minute.');
    expect(smtp.mails.filter((mail) => /Channel/.test(mailSubject(mail)))).toHaveLength(0);
  });

  it('a CRM that cannot be reached is told through Telegram first, else through the signed webhook', async () => {
    const crmRun = () => outboxRun('crm', { alertAfterMs: 1_000 });
    await insertLeadsWithJobs(test.db, { count: 1, prefix: 'CRM', channel: 'bitrix24' });
    const withTelegram = await deliverersFor('deadBitrix24', 'email', 'webhook', 'telegram');
    await roundsUntil(withTelegram, crmRun(), () => telegram.calls.length > 0, true);
    expect(String(telegram.calls[0]!.body.text)).toContain(
      'Channel “Bitrix24”: leads are not being delivered',
    );
    expect(String(telegram.calls[0]!.body.text)).toContain('Bitrix24 unreachable');
    expect(smtp.mails).toHaveLength(0);
    expect(webhook.received).toHaveLength(0);

    // Another outage, and only the webhook to tell it through.
    await test.db.delete(leads);
    await test.db.delete(deliveryChannels);
    telegram.calls.length = 0;
    await insertLeadsWithJobs(test.db, { count: 2, prefix: 'CRW', channel: 'bitrix24' });
    await roundsUntil(
      await deliverersFor('deadBitrix24', 'webhook'),
      crmRun(),
      () => webhook.received.length > 0,
      true,
    );
    expect(webhook.state.refusedSignatures).toBe(0);
    const [received] = webhook.received;
    expect(received!.id).toMatch(/^alert-bitrix24-failing-\d+$/);
    expect(received!.body).toMatchObject({
      event: 'delivery.alert',
      alert: 'failing',
      channel: 'bitrix24',
      since: expect.any(String),
      waiting: 2,
      givenUp: 0,
      lastError: expect.stringContaining('Bitrix24 unreachable'),
      title: 'Channel “Bitrix24”: leads are not being delivered',
      text: expect.stringContaining('npm run leads -- retry-failed'),
    });
    expect(telegram.calls).toHaveLength(0);
  });

  it('with no other channel, logs delivery.alert.nowhere once each way', async () => {
    const deliverers = await deliverersFor('telegram');
    const run = outboxRun('alone', { alertAfterMs: 1_000 });
    const logs = captureLogs();
    const nowhere = () =>
      logs.lines
        .map((line) => JSON.parse(line) as { event?: string; alert?: string; level: number })
        .filter((line) => line.event === 'delivery.alert.nowhere');
    try {
      telegram.state.down = true;
      await insertLeadsWithJobs(test.db, { count: 2, prefix: 'NOW', channel: 'telegram' });
      await roundsUntil(deliverers, run, () => nowhere().length, 1);
      for (let i = 0; i < 3; i++) await runOutboxOnce(test.db, deliverers, run);
      expect(nowhere()).toEqual([expect.objectContaining({ alert: 'failing', level: 50 })]);
      expect(
        (await statusReport(() => Promise.resolve(test.db), parseServerEnv({}))).lines,
      ).toContainEqual(expect.stringMatching(/^ {2}telegram: failing since .* in the log only/));

      telegram.state.down = false;
      await insertLeadsWithJobs(test.db, { count: 1, prefix: 'NOR', channel: 'telegram' });
      await roundsUntil(deliverers, run, () => nowhere().length, 2);
      for (let i = 0; i < 3; i++) await runOutboxOnce(test.db, deliverers, run);
      expect(nowhere().map((line) => line.alert)).toEqual(['failing', 'recovered']);
      // The leads stay out of the log: their references and numbers alike.
      expect(logs.lines.filter((line) => line.includes('delivery.alert')).join('\n')).not.toMatch(
        /\+7701|NOW0|NOR0/,
      );
    } finally {
      logs.stop();
    }
  });

  it('a delivery given up keeps health degraded until the channel delivers again', async () => {
    const deliverers = await deliverersFor('telegram', 'email');
    const run = outboxRun('gave-up', { alertAfterMs: 60 * 60_000 });
    telegram.state.down = true;
    await insertLeadsWithJobs(test.db, { count: 1, prefix: 'GUP', channel: 'telegram' });
    await test.db.update(outboxJobs).set({ attempts: 9 });
    await runOutboxOnce(test.db, deliverers, run);
    expect((await health()).body).toMatchObject({
      status: 'degraded',
      delivery: {
        waiting: 0,
        channels: { telegram: { status: 'failing', givenUp: 1, failing: 0 } },
      },
    });
    // Trying again does not make it well: delivering does.
    await test.db
      .update(outboxJobs)
      .set({ status: 'pending', attempts: 0, lastError: null, nextAttemptAt: new Date() });
    expect((await health()).body.status).toBe('degraded');
    telegram.state.down = false;
    await runOutboxOnce(test.db, deliverers, run);
    expect((await health()).body).toMatchObject({
      status: 'ok',
      delivery: { channels: { telegram: { status: 'ok', givenUp: 0, failingSince: null } } },
    });
  });

  it('the health answer holds no contact data and no error text; 503 only when the database is down', async () => {
    const deliverers = await deliverersFor('telegram', 'email');
    telegram.state.down = true;
    const [lead] = await test.db
      .insert(leads)
      .values({
        reference: 'PII-001',
        contactMethod: 'email',
        contactValue: 'anna.secret@example.com',
        name: 'Anna Secretova',
        message: 'call me at +77019998877',
        language: 'en',
        page: '/en/contacts',
        idempotencyKey: crypto.randomUUID(),
      })
      .returning({ id: leads.id });
    await test.db.insert(outboxJobs).values([
      { leadId: lead!.id, channel: 'telegram' },
      { leadId: lead!.id, channel: 'email' },
    ]);
    await insertLeadsWithJobs(test.db, { count: 2, prefix: 'PII', from: 10, channel: 'telegram' });
    await runOutboxOnce(test.db, deliverers, outboxRun('pii'));
    const { code, text, body } = await health();
    expect(code).toBe(200);
    expect(body.status).toBe('degraded');
    for (const secret of ['anna', 'Secretova', 'example.com', '7701', 'PII-', 'Bad Gateway', '@'])
      expect(text).not.toContain(secret);
    // Only counts, times and outcomes: every key is one of these.
    const keys = new Set<string>();
    const walk = (value: unknown) => {
      if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) {
          keys.add(key);
          walk(inner);
        }
    };
    walk(body);
    const allowed = [
      'status',
      'database',
      'latencyMs',
      'delivery',
      'waiting',
      'oldestWaitingSeconds',
      'channels',
      'telegram',
      'email',
      'failing',
      'givenUp',
      'lastAttempt',
      'outcome',
      'at',
      'failingSince',
    ];
    expect([...keys].filter((key) => !allowed.includes(key))).toEqual([]);

    site.db = undefined;
    expect(await health()).toMatchObject({
      code: 503,
      body: { status: 'unavailable', database: 'down' },
    });
  });

  it('`leads -- status` prints the same summary, in the module and as a command', async () => {
    const deliverers = await deliverersFor('telegram', 'email');
    telegram.state.down = true;
    await insertLeadsWithJobs(test.db, { count: 2, prefix: 'CLI', channel: 'telegram' });
    await insertLeadsWithJobs(test.db, { count: 1, prefix: 'CLE', channel: 'email' });
    const run = outboxRun('cli', { alertAfterMs: 1_000 });
    await roundsUntil(deliverers, run, () => alertMails().length, 1);
    const env = parseServerEnv({ ...settings.telegram(), ...settings.email() });
    const { health: module } = await deliveryStatus(test.db, ['telegram', 'email']);
    expect(module).toMatchObject({ status: 'degraded', waiting: 2 });
    const report = await statusReport(() => Promise.resolve(test.db), env);
    expect(report.exitCode).toBe(0);
    const lines = report.lines;
    expect(lines[0]).toMatch(/^Database: up \(embedded, \.\/data\)$/);
    expect(lines).toContain('Delivery: degraded');
    expect(lines).toContainEqual(expect.stringMatching(/^Waiting: 2 jobs, the oldest for \d+ s$/));
    expect(lines).toContainEqual(
      expect.stringMatching(/^channel +status +waiting +failing +given up +latest attempt$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^telegram +failing +2 +2 +0 +failed \d{4}-/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^email +ok +0 +0 +0 +sent \d{4}-/));
    expect(lines).toContainEqual(
      expect.stringMatching(/^telegram fails since .*: Telegram answered 502: Bad Gateway$/),
    );
    expect(lines).toContain('Open alerts:');
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^ {2}telegram: failing since .*, the team was told at .* through email$/,
      ),
    );
    expect(lines.join('\n')).not.toMatch(/\+7701|CLI0|CLE0/);

    const down = await statusReport(() => Promise.reject(new Error('connect ECONNREFUSED')), env);
    expect(down).toEqual({
      lines: ['Database: down (connect ECONNREFUSED)', 'Delivery: unknown'],
      exitCode: 1,
    });

    if (test.dataDir) {
      // The command, as an operator runs it, beside the process serving the folder.
      const cli = await runToEnd('scripts/leads.mts', ['status'], {
        DATA_DIR: test.dataDir,
        ...settings.telegram(),
        ...settings.email(),
      });
      expect(cli.stderr).toBe('');
      expect(cli.code).toBe(0);
      expect(cli.stdout).toContain(`Database: up (embedded, ${test.dataDir})`);
      expect(cli.stdout).toContain('Delivery: degraded');
      expect(cli.stdout).toMatch(/^telegram +failing +2 +2 +0 +failed /m);
      expect(cli.stdout).toMatch(/^ {2}telegram: failing since .* through email$/m);
    }
  }, 60_000);
});

describe('ALERT_AFTER_MINUTES', () => {
  it('is 15 minutes unless set, takes decimals, and refuses what is not a positive number', () => {
    expect(parseServerEnv({}).ALERT_AFTER_MINUTES).toBe(15);
    expect(parseServerEnv({ ALERT_AFTER_MINUTES: '0.02' }).ALERT_AFTER_MINUTES).toBe(0.02);
    for (const wrong of ['0', '-5', 'soon', '20000'])
      expect(() => parseServerEnv({ ALERT_AFTER_MINUTES: wrong })).toThrow(/ALERT_AFTER_MINUTES/);
  });
});
