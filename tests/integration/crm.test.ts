import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leads, outboxJobs } from '@/server/db/schema';
import { bitrix24Originator } from '@/server/delivery/channels/bitrix24';
import { signWebhook, verifyWebhook } from '@/server/delivery/channels/webhook';
import { outboxRun, runOutboxOnce } from '@/server/delivery/outbox';
import type { Deliverers } from '@/server/delivery/types';
import { createDeliverers, enabledChannels } from '@/server/delivery/wiring';
import { parseServerEnv, type ServerEnv } from '@/server/env';
import { forgetFormSecret, issueFormToken } from '@/server/leads/form-token';
import { submitLead } from '@/server/leads/submit';
import { startFakeAmocrm, startFakeBitrix24, startFakeWebhook } from '../support/fake-crm';
import { backends, createTestDatabase, type TestDatabase } from '../support/test-db';
import { drainOutbox } from '../support/outbox';

const secret = 'whsec-0123456789abcdef0123456789';
const count = 6;

/** A campaign touch per lead, so each lead's UTM tags are its own. */
const touchOf = (i: number) => ({
  source: 'google',
  medium: 'cpc',
  campaign: `autumn_${i}`,
  term: 'web development',
  content: `ad_${i}`,
  gclid: `gclid-${i}`,
  referrer: 'https://www.google.com/',
  landingPage: `/ru/services/web?utm_source=google&utm_campaign=autumn_${i}`,
  at: new Date().toISOString(),
});

describe.each(backends)('CRM and webhook delivery on %s', (backend) => {
  let test: TestDatabase;
  let bitrix: Awaited<ReturnType<typeof startFakeBitrix24>>;
  let amo: Awaited<ReturnType<typeof startFakeAmocrm>>;
  let hook: Awaited<ReturnType<typeof startFakeWebhook>>;
  let env: ServerEnv;

  beforeAll(async () => {
    [test, bitrix, amo, hook] = await Promise.all([
      createTestDatabase(backend),
      startFakeBitrix24(),
      startFakeAmocrm(),
      startFakeWebhook(secret),
    ]);
    env = parseServerEnv({
      BITRIX24_WEBHOOK_URL: bitrix.webhookUrl,
      BITRIX24_ASSIGNED_BY_ID: '7',
      AMOCRM_BASE_URL: amo.url,
      AMOCRM_ACCESS_TOKEN: amo.token,
      LEADS_WEBHOOK_URL: `${hook.url}/leads`,
      LEADS_WEBHOOK_SECRET: secret,
      LEADS_NOTIFY_LANGUAGE: 'ru',
    });
  }, 60_000);
  afterAll(async () => {
    forgetFormSecret();
    await Promise.all([test?.close(), bitrix?.close(), amo?.close(), hook?.close()]);
  });
  beforeEach(async () => {
    forgetFormSecret();
    await test.db.delete(leads);
    bitrix.leads.clear();
    amo.leads.length = 0;
    hook.received.length = 0;
  });

  async function submit(i: number, fields: Record<string, string> = {}) {
    const result = await submitLead(
      () => Promise.resolve(test.db),
      {
        language: 'ru',
        method: (['phone', 'email', 'telegram', 'whatsapp'] as const)[i % 4],
        contact: [
          '8 916 123-45-6' + i,
          `client${i}@example.ru`,
          `@client_${i}x`,
          '8 916 765-43-2' + i,
        ][i % 4]!,
        consent: 'on',
        name: `Клиент ${i}`,
        message: `Нужен сайт №${i}`,
        page: '/ru/contacts',
        token: await issueFormToken(test.db, Date.now() - 60_000),
        key: crypto.randomUUID(),
        attribution: JSON.stringify({ first: touchOf(i), last: touchOf(i) }),
        estimate: 'type=landing&size=1&design=template&features=&urgency=standard&support=0',
        ...fields,
      },
      {
        ip: `198.51.100.${i}`,
        userAgent: 'test',
        origin: 'http://x',
        allowedOrigins: ['http://x'],
        channels: enabledChannels(env),
      },
    );
    return (result as { reference: string }).reference;
  }

  const drain = (deliverers: Deliverers) => drainOutbox(test.db, deliverers, 'crm-test');

  it('each receives every lead once, with its UTM tags, across 429s, 5xx and answers lost after the fact', async () => {
    const references: string[] = [];
    for (let i = 0; i < count; i += 1) references.push(await submit(i));
    bitrix.state.failures.push(
      'query-limit',
      'error-after-create',
      'server-error',
      'time-limit',
      'error-after-create',
    );
    amo.state.failures.push(
      'too-many-requests',
      'error-after-create',
      'server-error',
      'too-many-requests',
    );
    hook.state.failures.push('server-error', 'too-many-requests', 'error-after-receive');

    await drain(await createDeliverers(env));
    // Every refusal was met.
    expect([bitrix.state.failures, amo.state.failures, hook.state.failures]).toEqual([[], [], []]);

    const jobs = await test.db.select().from(outboxJobs);
    for (const channel of ['bitrix24', 'amocrm', 'webhook'])
      expect(
        jobs.some((job) => job.channel === channel && job.attempts > 1),
        channel,
      ).toBe(true);
    expect(jobs).toHaveLength(count * 3);
    expect(jobs.every((job) => job.status === 'sent')).toBe(true);

    // Bitrix24: one CRM lead per lead, found again by ORIGIN_ID after a lost answer.
    const bitrixLeads = [...bitrix.leads.values()];
    expect(bitrixLeads.map((fields) => fields.ORIGIN_ID).sort()).toEqual([...references].sort());
    for (const [i, reference] of references.entries()) {
      const fields = bitrixLeads.find((lead) => lead.ORIGIN_ID === reference)!;
      expect(fields).toMatchObject({
        TITLE: `Новая заявка на консультацию ${reference}`,
        NAME: `Клиент ${i}`,
        ORIGINATOR_ID: bitrix24Originator,
        SOURCE_ID: 'WEB',
        ASSIGNED_BY_ID: 7,
        UTM_SOURCE: 'google',
        UTM_MEDIUM: 'cpc',
        UTM_CAMPAIGN: `autumn_${i}`,
        UTM_TERM: 'web development',
        UTM_CONTENT: `ad_${i}`,
        CURRENCY_ID: 'RUB',
        OPPORTUNITY: expect.any(Number),
      });
      expect(fields.COMMENTS).toContain(`Нужен сайт №${i}`);
    }
    const byMethod = (ref: string) => bitrixLeads.find((lead) => lead.ORIGIN_ID === ref)!;
    expect(byMethod(references[0]!).PHONE).toEqual([{ VALUE: '+79161234560', VALUE_TYPE: 'WORK' }]);
    expect(byMethod(references[1]!).EMAIL).toEqual([
      { VALUE: 'client1@example.ru', VALUE_TYPE: 'WORK' },
    ]);
    expect(byMethod(references[2]!).IM).toEqual([{ VALUE: '@client_2x', VALUE_TYPE: 'TELEGRAM' }]);
    expect(byMethod(references[3]!).PHONE).toEqual([
      { VALUE: '+79167654323', VALUE_TYPE: 'MOBILE' },
    ]);

    // amoCRM: one lead each, with its contact, tracking fields and one note.
    expect(amo.leads.map((lead) => lead.name).sort()).toEqual(
      references.map((reference) => `Новая заявка на консультацию ${reference}`).sort(),
    );
    for (const [i, reference] of references.entries()) {
      const lead = amo.leads.find((item) => item.name.endsWith(reference))!;
      const value = (id: number) =>
        lead.custom_fields_values?.find((f) => f.field_id === id)?.values[0]?.value;
      expect([value(501), value(502), value(503), value(506), value(507)]).toEqual([
        'google',
        'cpc',
        `autumn_${i}`,
        `gclid-${i}`,
        'https://www.google.com/',
      ]);
      expect(lead.notes).toHaveLength(1);
      expect(lead.notes[0]).toContain(`Нужен сайт №${i}`);
      expect(lead.contact.name).toBe(`Клиент ${i}`);
      expect(lead.unsorted).toBe(false);
    }
    const externalIds = jobs.filter((job) => job.channel === 'amocrm').map((job) => job.externalId);
    expect(new Set(externalIds).size).toBe(count);

    // The webhook: every lead, signed; a delivery whose answer was lost comes again with the same id.
    expect(new Set(hook.received.map((call) => call.id)).size).toBe(count);
    expect(hook.received.length).toBe(count + 1);
    for (const call of hook.received) {
      expect(call.body).toMatchObject({
        event: 'lead.created',
        id: call.id,
        attribution: { last: { source: 'google', medium: 'cpc' } },
      });
    }
    expect(hook.state.refusedSignatures).toBe(0);
  });

  it('amoCRM as incoming leads: the team accepts or declines each, with the form it came from', async () => {
    const unsorted = parseServerEnv({
      AMOCRM_BASE_URL: amo.url,
      AMOCRM_ACCESS_TOKEN: amo.token,
      AMOCRM_MODE: 'unsorted',
      AMOCRM_PIPELINE_ID: '3383152',
    });
    const reference = await submit(1);
    await test.db.delete(outboxJobs);
    const [lead] = await test.db.select().from(leads);
    await test.db.insert(outboxJobs).values({ leadId: lead!.id, channel: 'amocrm' });
    amo.state.failures.push('error-after-create');
    await drain(await createDeliverers(unsorted));
    expect(amo.state.failures).toEqual([]);
    expect(amo.leads).toHaveLength(1);
    expect(amo.leads[0]).toMatchObject({
      name: `Новая заявка на консультацию ${reference}`,
      unsorted: true,
    });
    expect(amo.leads[0]!.notes).toHaveLength(1);
  });

  it('a wrong key or token fails at once, without retrying for hours, and says why', async () => {
    const wrong = parseServerEnv({
      BITRIX24_WEBHOOK_URL: `${bitrix.url}/rest/1/wrong-key/`,
      AMOCRM_BASE_URL: amo.url,
      AMOCRM_ACCESS_TOKEN: 'not-the-token-0123456789',
    });
    await submit(0);
    await test.db.delete(outboxJobs);
    const [lead] = await test.db.select().from(leads);
    await test.db.insert(outboxJobs).values([
      { leadId: lead!.id, channel: 'bitrix24' },
      { leadId: lead!.id, channel: 'amocrm' },
    ]);
    await runOutboxOnce(test.db, await createDeliverers(wrong), outboxRun('w'));
    const jobs = await test.db.select().from(outboxJobs);
    expect(jobs.map((job) => [job.channel, job.status, job.attempts]).sort()).toEqual([
      ['amocrm', 'failed', 1],
      ['bitrix24', 'failed', 1],
    ]);
    expect(jobs.find((job) => job.channel === 'bitrix24')!.lastError).toContain('NO_AUTH_FOUND');
    expect(jobs.find((job) => job.channel === 'amocrm')!.lastError).toContain('401');
  });
});

describe('the webhook signature', () => {
  const body = JSON.stringify({ event: 'lead.created', reference: 'K7M-4QZ' });
  const now = Date.parse('2026-11-24T12:00:00Z');
  const timestamp = Math.floor(now / 1000);
  const signature = signWebhook(secret, timestamp, body);

  it('is HMAC-SHA256 of "timestamp.body", hex, as docs/channels.md documents', async () => {
    const { createHmac } = await import('node:crypto');
    expect(signature).toBe(
      `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
    );
  });

  it('verifies for the receiver, and refuses a changed body, another secret or an old timestamp', () => {
    const check = (overrides: Partial<Parameters<typeof verifyWebhook>[0]>) =>
      verifyWebhook({ secret, body, timestamp: String(timestamp), signature, now, ...overrides });
    expect(check({})).toBe(true);
    expect(check({ body: body.replace('K7M', 'K7N') })).toBe(false);
    expect(check({ secret: `${secret}x` })).toBe(false);
    expect(check({ now: now + 6 * 60_000 })).toBe(false);
    expect(check({ signature: null })).toBe(false);
    expect(check({ timestamp: 'yesterday' })).toBe(false);
  });
});
