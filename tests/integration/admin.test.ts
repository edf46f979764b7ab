import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, outboxJobs } from '@/server/db/schema';
import {
  exportLeads,
  findLead,
  listLeads,
  purgeOlderThan,
  retryFailed,
  toCsv,
} from '@/server/leads/admin';
import { forgetFormSecret, issueFormToken } from '@/server/leads/form-token';
import { submitLead } from '@/server/leads/submit';
import { runToEnd } from '../support/processes';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

describe('lead administration', () => {
  let test: TestDatabase;
  const references: string[] = [];

  beforeAll(async () => {
    forgetFormSecret();
    test = await createTestDatabase('pglite');
    for (const [i, [method, contact]] of [
      ['telegram', '@ortus_client'],
      ['email', 'ops@example.com'],
    ].entries()) {
      const result = await submitLead(
        () => Promise.resolve(test.db),
        {
          language: 'en',
          method,
          contact,
          consent: 'on',
          page: '/en',
          token: await issueFormToken(test.db, Date.now() - 60_000),
          key: crypto.randomUUID(),
        },
        {
          ip: `192.0.2.${i}`,
          userAgent: 'test',
          origin: 'http://x',
          allowedOrigins: ['http://x'],
          channels: ['email'],
        },
      );
      references.push((result as { reference: string }).reference);
    }
    // A third, from a campaign, that the honeypot took for a bot.
    const touch = {
      source: 'vk',
      medium: 'social',
      campaign: 'launch',
      landingPage: '/en?utm_source=vk&utm_medium=social&utm_campaign=launch',
      at: new Date().toISOString(),
    };
    const spam = await submitLead(
      () => Promise.resolve(test.db),
      {
        language: 'en',
        method: 'phone',
        contact: '+44 20 7946 0144',
        consent: 'on',
        page: '/en',
        website: 'filled by autofill',
        attribution: JSON.stringify({ first: touch, last: touch }),
        token: await issueFormToken(test.db, Date.now() - 60_000),
        key: crypto.randomUUID(),
      },
      {
        ip: '192.0.2.9',
        userAgent: 'test',
        origin: 'http://x',
        allowedOrigins: ['http://x'],
        channels: ['email'],
      },
    );
    references.push((spam as { reference: string }).reference);
  }, 60_000);
  afterAll(async () => {
    forgetFormSecret();
    await test?.close();
  });

  it('lists newest first with their deliveries, and finds one by reference in any case', async () => {
    const rows = await listLeads(test.db);
    expect(rows.map((r) => r.reference)).toEqual([...references].reverse());
    // Spam is listed too, and delivered to no one.
    expect(rows[0]).toMatchObject({ status: 'spam', deliveries: [] });
    expect(rows[1]!.deliveries).toEqual([
      {
        channel: 'email',
        status: 'pending',
        attempts: 0,
        lastError: null,
        externalId: null,
        summarized: false,
      },
    ]);
    const found = await findLead(test.db, references[0]!.toLowerCase());
    expect(found).toMatchObject({
      reference: references[0],
      consent: { textVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), language: 'en' },
    });
    expect(await findLead(test.db, 'ZZZ-ZZZ')).toBeUndefined();
  });

  it('exports CSV that a spreadsheet cannot run as a formula', async () => {
    const csv = toCsv(await exportLeads(test.db));
    const lines = csv.trim().split('\n');
    const touch = 'source,medium,campaign,term,content,gclid,yclid,fbclid,referrer,landingPage,at';
    expect(lines[0]).toBe(
      [
        'reference,createdAt,status,reviewReason,kind,contactMethod,contactValue,name,message,budget,contactTime,timeZone,language,page,estimate',
        touch.replace(/(^|,)/g, '$1first.'),
        touch.replace(/(^|,)/g, '$1last.'),
        'deliveries',
      ].join(','),
    );
    expect(lines).toHaveLength(4);
    // "@…" starts a formula in Excel: the Telegram username is written as text.
    expect(csv).toContain(`,telegram,'@ortus_client,`);
    // Where each lead came from, a column per tag of its first and last touch.
    const tagged = lines.find((line) => line.startsWith(references[2]!))!;
    expect(tagged).toContain(',vk,social,launch,');
    expect(tagged).toContain(',/en?utm_source=vk&utm_medium=social&utm_campaign=launch,');
  });

  it('lists the requests kept as spam, and releases one into delivery', async () => {
    const env = {
      DATA_DIR: test.dataDir!,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      LEADS_EMAIL_TO: 'sales@example.com',
    };
    const spam = await runToEnd('scripts/leads.mts', ['list', '--spam'], env);
    expect(spam.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^${references[2]}  .*spam:honeypot .*from vk / social / launch  no delivery$`),
      ),
    ]);
    const released = await runToEnd(
      'scripts/leads.mts',
      ['release', references[2]!.toLowerCase()],
      env,
    );
    expect(released).toMatchObject({
      code: 0,
      stdout: `${references[2]} released: queued for email.\n`,
    });
    expect(await findLead(test.db, references[2]!)).toMatchObject({
      status: 'new',
      spamReason: 'honeypot',
      releasedAt: expect.any(Date),
      deliveries: [expect.objectContaining({ channel: 'email', status: 'pending' })],
    });
    const again = await runToEnd('scripts/leads.mts', ['release', references[2]!], env);
    expect(again.stdout).toContain('is not kept as spam');
    expect((await runToEnd('scripts/leads.mts', ['release', 'ZZZ-ZZZ'], env)).code).toBe(2);
  }, 60_000);

  it('queues failed deliveries again', async () => {
    await test.db.update(outboxJobs).set({ status: 'failed', attempts: 10 });
    expect(await retryFailed(test.db)).toBe(3);
    const jobs = await test.db.select().from(outboxJobs);
    expect(jobs.every((job) => job.status === 'pending' && job.attempts === 0)).toBe(true);
  });

  it('the CLI works beside a running process that holds the embedded database', async () => {
    // No DATABASE_URL: the CLI finds the test process serving the folder through its lock file.
    const env = { DATA_DIR: test.dataDir! };
    const list = await runToEnd('scripts/leads.mts', ['list'], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(references[0]);
    const show = await runToEnd('scripts/leads.mts', ['show', references[1]!], env);
    expect(JSON.parse(show.stdout)).toMatchObject({
      reference: references[1],
      contactValue: 'ops@example.com',
    });
    const json = await runToEnd(
      'scripts/leads.mts',
      ['export', '--format', 'json', '--since', '2020-01-01'],
      env,
    );
    expect(JSON.parse(json.stdout)).toHaveLength(3);
    const bad = await runToEnd('scripts/leads.mts', ['export', '--format', 'xml'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('export needs --format csv or --format json');
  }, 60_000);

  it('purges leads older than the retention period, with their consent and jobs', async () => {
    const [old] = await test.db.select().from(leads).where(eq(leads.reference, references[0]!));
    await test.db
      .update(leads)
      .set({ createdAt: new Date(Date.now() - 400 * 24 * 3600 * 1000) })
      .where(eq(leads.id, old!.id));
    expect(await purgeOlderThan(test.db, 365)).toMatchObject({ leads: 1 });
    expect((await listLeads(test.db)).map((r) => r.reference)).toEqual([
      references[2],
      references[1],
    ]);
    expect(
      await test.db.select().from(outboxJobs).where(eq(outboxJobs.leadId, old!.id)),
    ).toHaveLength(0);
  });
});
