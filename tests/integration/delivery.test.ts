import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leads, outboxJobs, submissionHits } from '@/server/db/schema';
import { env as siteEnv } from '@/env';
import { estimate, inCurrency } from '@/lib/calculator/estimate';
import { leadEstimate } from '@/lib/calculator/lead-estimate';
import { selectionFromQuery } from '@/lib/calculator/selection';
import {
  outboxRun,
  runOutboxOnce,
  startOutboxWorker,
  type OutboxRun,
} from '@/server/delivery/outbox';
import type { Deliverers } from '@/server/delivery/types';
import { notificationTexts } from '@/server/delivery/wiring';
import { parseServerEnv } from '@/server/env';
import { issueFormToken, forgetFormSecret } from '@/server/leads/form-token';
import { submitLead } from '@/server/leads/submit';
import type { startFakeSmtp, startFakeTelegram } from '../support/fake-services';
import { standInBotToken, startStandInDelivery } from '../support/stand-in-delivery';
import { pdfText } from '../support/pdf';
import { backends, createTestDatabase, type TestDatabase } from '../support/test-db';

/** A base64 attachment of a raw MIME message, by its file name's pattern, with its name. */
function attachment(raw: string, name: RegExp): { filename: string; type: string; bytes: Buffer } {
  for (const part of raw.split(/\r\n--[^\r\n]+\r\n/)) {
    const [head = '', body = ''] = part.split('\r\n\r\n');
    const filename = /filename="?([^";\r\n]+)"?/.exec(head)?.[1];
    if (!filename || !name.test(filename)) continue;
    const type = /Content-Type: ([^;\r\n]+)/i.exec(head)?.[1] ?? '';
    return { filename, type, bytes: Buffer.from(body.replace(/\r\n--[\s\S]*$/, ''), 'base64') };
  }
  throw new Error(`no attachment named ${String(name)}`);
}

/** The HTML part of a raw MIME message, quoted-printable decoded. */
function htmlPart(raw: string): string {
  const start = raw.indexOf('Content-Type: text/html');
  const body = raw.slice(raw.indexOf('\r\n\r\n', start) + 4);
  const part = body.slice(0, body.indexOf('\r\n--'));
  return Buffer.from(
    part
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

describe.each(backends)('delivering leads on %s', (backend) => {
  let test: TestDatabase;
  let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let deliverers: Deliverers;
  let run: OutboxRun;

  beforeAll(async () => {
    let stand: Awaited<ReturnType<typeof startStandInDelivery>>;
    [test, stand] = await Promise.all([createTestDatabase(backend), startStandInDelivery()]);
    ({ telegram, smtp, deliverers } = stand);
  }, 60_000);
  afterAll(async () => {
    forgetFormSecret();
    await Promise.all([test?.close(), telegram?.close(), smtp?.close()]);
  });
  beforeEach(async () => {
    forgetFormSecret();
    await test.db.delete(leads);
    telegram.calls.length = 0;
    smtp.mails.length = 0;
    telegram.state.down = false;
    smtp.state.down = false;
    run = outboxRun('w1');
  });

  async function submit(contact = '@ortus_client', page = '/en/contacts', estimate?: string) {
    const now = Date.now();
    const result = await submitLead(
      () => Promise.resolve(test.db),
      {
        language: 'en',
        method: 'telegram',
        contact,
        consent: 'on',
        page,
        token: await issueFormToken(test.db, now - 60_000),
        key: crypto.randomUUID(),
        estimate,
      },
      {
        ip: `192.0.2.${Math.floor(Math.random() * 250)}`,
        userAgent: 'test',
        origin: 'http://x',
        allowedOrigins: ['http://x'],
        channels: ['telegram', 'email'],
      },
    );
    return (result as { reference: string }).reference;
  }

  const jobsOf = (reference: string) =>
    test.db
      .select({
        channel: outboxJobs.channel,
        status: outboxJobs.status,
        attempts: outboxJobs.attempts,
        next: outboxJobs.nextAttemptAt,
        error: outboxJobs.lastError,
      })
      .from(outboxJobs)
      .innerJoin(leads, eq(leads.id, outboxJobs.leadId))
      .where(eq(leads.reference, reference));

  /** The lead's job for one channel. */
  const jobOf = async (reference: string, channel: string) =>
    (await jobsOf(reference)).find((job) => job.channel === channel);

  /** Makes every waiting job due now, as if its backoff had passed. */
  const fastForward = () =>
    test.db.execute(sql`UPDATE outbox_jobs SET next_attempt_at = now() WHERE status = 'pending'`);

  it('sends exactly one Telegram message and one email, with the lead escaped', async () => {
    const reference = await submit('@ortus_client', '/en/<b>contacts</b>&x');
    expect(await runOutboxOnce(test.db, deliverers, run)).toBe(2);

    expect(telegram.calls).toHaveLength(1);
    const call = telegram.calls[0]!;
    expect(call.token).toBe(standInBotToken);
    expect(call.method).toBe('sendMessage');
    expect(call.body).toMatchObject({ chat_id: '-1001234567890', parse_mode: 'HTML' });
    expect(call.body.text).toContain(`<b>New consultation request</b> #${reference}`);
    expect(call.body.text).toContain('Telegram: @ortus_client');
    expect(call.body.text).toContain('/en/&lt;b&gt;contacts&lt;/b&gt;&amp;x');

    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual(['sales@example.com']);
    expect(mail.raw).toContain(`Subject: New consultation request ${reference}`);
    const html = htmlPart(mail.raw);
    expect(html).toContain('@ortus_client');
    expect(html).toContain('/en/&lt;b&gt;contacts&lt;/b&gt;&amp;x');
    expect(html).not.toContain('<b>contacts</b>');

    expect((await jobsOf(reference)).map((j) => j.status)).toEqual(['sent', 'sent']);
    // Nothing is sent twice.
    expect(await runOutboxOnce(test.db, deliverers, run)).toBe(0);
    expect(telegram.calls).toHaveLength(1);
  });

  it('describes an attached estimate in words, with the link that reopens it', async () => {
    const query = 'type=shop&size=40&design=premium&features=cms,payments&urgency=fast&support=3';
    await submit('@ortus_client', '/en/calculator', query);
    await runOutboxOnce(test.db, deliverers, run);
    const priced = inCurrency(estimate(selectionFromQuery(new URLSearchParams(query))), 'USD');
    const money = (n: number) => `US$${n.toLocaleString('en-GB')}`;
    expect(telegram.calls[0]!.body.text).toContain(
      `Estimate: <b>Online shop · 40 pages · Premium design · Content management · Online payments · Faster timeline · 3 months of support · ${money(priced.low)} – ${money(priced.high)} · about ${priced.weeks} weeks · ${siteEnv.SITE_URL}/en/calculator?${query.replaceAll('&', '&amp;')}</b>`,
    );
    expect(htmlPart(smtp.mails[0]!.raw)).toContain(
      `/en/calculator?${query.replaceAll('&', '&amp;')}`,
    );
    // The estimate as a PDF: linked in Telegram (and so in the CRMs, which get
    // the same lines), attached to the e-mail, with the figures the page shows.
    const pdfUrl = `${siteEnv.SITE_URL}/api/estimate.pdf?lang=en&${query}&currency=USD`;
    expect(telegram.calls[0]!.body.text).toContain(
      `Estimate (PDF): <b>${pdfUrl.replaceAll('&', '&amp;')}</b>`,
    );
    const pdf = attachment(smtp.mails[0]!.raw, /^estimate-E-[0-9A-Z]{6}\.pdf$/);
    expect(pdf.type).toBe('application/pdf');
    const text = (await pdfText(pdf.bytes)).replace(/\s+/g, ' ');
    expect(text).toContain(`${money(priced.low)} – ${money(priced.high)}`);
    expect(text).toContain(pdf.filename.slice('estimate-'.length, -'.pdf'.length));
  });

  it('retries Telegram while it is down and delivers once it is back', async () => {
    telegram.state.down = true;
    const reference = await submit();
    await runOutboxOnce(test.db, deliverers, run);
    const failed = await jobOf(reference, 'telegram');
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      error: expect.stringContaining('502'),
    });
    expect(failed!.next.getTime()).toBeGreaterThan(Date.now() + 5_000);
    // Not due yet: nothing happens.
    await runOutboxOnce(test.db, deliverers, run);
    expect(telegram.calls).toHaveLength(0);

    telegram.state.down = false;
    await fastForward();
    await runOutboxOnce(test.db, deliverers, run);
    expect(telegram.calls).toHaveLength(1);
    expect(await jobOf(reference, 'telegram')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('retries email while the SMTP server refuses and delivers once it accepts', async () => {
    smtp.state.down = true;
    const reference = await submit();
    await runOutboxOnce(test.db, deliverers, run);
    expect(await jobOf(reference, 'email')).toMatchObject({ status: 'pending', attempts: 1 });
    smtp.state.down = false;
    await fastForward();
    await runOutboxOnce(test.db, deliverers, run);
    expect(smtp.mails).toHaveLength(1);
    expect(await jobOf(reference, 'email')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('waits as long as Telegram asks after a 429', async () => {
    telegram.state.rateLimitOnce = true;
    const reference = await submit();
    const before = Date.now();
    await runOutboxOnce(test.db, deliverers, run);
    const job = (await jobOf(reference, 'telegram'))!;
    expect(job.status).toBe('pending');
    expect(job.next.getTime() - before).toBeGreaterThanOrEqual(10_000 - 50);
  });

  it('marks a job failed after the last attempt', async () => {
    telegram.state.down = true;
    const reference = await submit();
    await test.db.update(outboxJobs).set({ attempts: 9 });
    await runOutboxOnce(test.db, deliverers, run);
    expect(await jobOf(reference, 'telegram')).toMatchObject({ status: 'failed', attempts: 10 });
  });

  it('the running worker delivers new leads and deletes what the privacy policy does not keep', async () => {
    const old = new Date(Date.now() - 400 * 24 * 3600 * 1000);
    await test.db.insert(leads).values({
      reference: 'OLD-001',
      createdAt: old,
      contactMethod: 'phone',
      contactValue: '+77010000000',
      language: 'ru',
      page: '/ru',
      idempotencyKey: crypto.randomUUID(),
    });
    await test.db
      .insert(submissionHits)
      .values({ ip: '192.0.2.1', createdAt: new Date(Date.now() - 25 * 3600 * 1000) });
    const reference = await submit();
    const worker = startOutboxWorker({
      getDb: () => Promise.resolve(test.db),
      deliverers,
      workerId: 'running',
      idleMs: 50,
      retentionDays: 365,
    });
    try {
      await expect
        .poll(async () => (await jobsOf(reference)).map((j) => j.status).join(','), {
          timeout: 10_000,
        })
        .toBe('sent,sent');
    } finally {
      await worker.stop();
    }
    expect(await test.db.select().from(leads).where(eq(leads.reference, 'OLD-001'))).toHaveLength(
      0,
    );
    expect(
      (await test.db.select().from(submissionHits)).every(
        (hit) => Date.now() - hit.createdAt.getTime() < 24 * 3600 * 1000,
      ),
    ).toBe(true);
  });
});

describe('an estimate in a notification', () => {
  it('is written in the team language, in the currency the visitor saw', async () => {
    const texts = await notificationTexts(parseServerEnv({ LEADS_NOTIFY_LANGUAGE: 'ru' }));
    const query =
      'type=mobile&size=12&design=custom&features=accounts&platform=both&urgency=standard&support=0';
    const stored = leadEstimate(query, 'ua', 'UAH')!;
    const money = new Intl.NumberFormat('ru', {
      style: 'currency',
      currency: 'UAH',
      maximumFractionDigits: 0,
    });
    expect(texts.describeEstimate!(stored)).toBe(
      `Мобильное приложение · 12 экранов · iOS и Android · Индивидуальный дизайн · Личные кабинеты · ${money.format(stored.low)} – ${money.format(stored.high)} · около ${stored.weeks} недель · ${siteEnv.SITE_URL}/ua/calculator?${query}`,
    );
  });

  it('that the site did not store reads as nothing, and the raw value is shown instead', async () => {
    const texts = await notificationTexts(parseServerEnv({ LEADS_NOTIFY_LANGUAGE: 'en' }));
    expect(texts.describeEstimate!({ summary: 'free website' })).toBeUndefined();
  });
});
