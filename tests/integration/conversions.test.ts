import type { APIContext } from 'astro';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/server/db/client';
import { deals, deliveryChannels, leads, outboxJobs } from '@/server/db/schema';
import { checkAlerts } from '@/server/delivery/alerts';
import { outboxRun, runOutboxOnce } from '@/server/delivery/outbox';
import type { Deliverers } from '@/server/delivery/types';
import {
  createDeliverers,
  enabledChannels,
  enabledConversionChannels,
} from '@/server/delivery/wiring';
import { parseServerEnv, type ServerEnv } from '@/server/env';
import { forgetFormSecret, issueFormToken } from '@/server/leads/form-token';
import { submitLead } from '@/server/leads/submit';
import { captureLogs } from '@/server/log';
import { forgetRefusals } from '@/server/conversions/receive';
import { startFakeAmocrm, startFakeBitrix24, startFakeWebhook } from '../support/fake-crm';
import { startFakeGa4, startFakeMetrika } from '../support/fake-conversions';
import { backends, createTestDatabase, type TestDatabase } from '../support/test-db';
import { drainOutbox } from '../support/outbox';

// The routes ask `getDb()` and `serverEnv()` for the site's database and settings: here, the test's.
const site = vi.hoisted(() => ({
  db: undefined as Database | undefined,
  env: undefined as ServerEnv | undefined,
}));
vi.mock(import('@/server/db/client'), async (importOriginal) => ({
  ...(await importOriginal()),
  getDb: () => (site.db ? Promise.resolve(site.db) : Promise.reject(new Error('connect refused'))),
}));
vi.mock(import('@/server/env'), async (importOriginal) => ({
  ...(await importOriginal()),
  serverEnv: () => site.env!,
}));
const crmRoute = await import('@/pages/api/crm/[crm]');
const { GET: health } = await import('@/pages/api/health');

// The build's analytics: the counter and the data stream the pages report to.
const counterId = '98765432';
const measurementId = 'G-ABC123XYZ';
const bitrixToken = 'b24outgoingapplicationtoken0123';
const amoSecret = 'amo-hook-secret-0123456789abcdef';
const webhookSecret = 'whsec-0123456789abcdef0123456789';
/** The visitor's ids, as a browser that allowed analytics sends them with the request. */
const clientIds = { metrika: '1732000000123456789', ga: '1234567890.1732000000' };

describe.each(backends)('won deals back to the analytics services, on %s', (backend) => {
  let test: TestDatabase;
  let bitrix: Awaited<ReturnType<typeof startFakeBitrix24>>;
  let amo: Awaited<ReturnType<typeof startFakeAmocrm>>;
  let hook: Awaited<ReturnType<typeof startFakeWebhook>>;
  let metrika: Awaited<ReturnType<typeof startFakeMetrika>>;
  let ga4: Awaited<ReturnType<typeof startFakeGa4>>;
  let env: ServerEnv;
  let deliverers: Deliverers;

  beforeAll(async () => {
    vi.stubEnv('METRIKA_COUNTER_ID', counterId);
    vi.stubEnv('GA4_MEASUREMENT_ID', measurementId);
    [test, bitrix, amo, hook, metrika, ga4] = await Promise.all([
      createTestDatabase(backend),
      startFakeBitrix24(),
      startFakeAmocrm(),
      startFakeWebhook(webhookSecret),
      startFakeMetrika(),
      startFakeGa4(),
    ]);
    env = parseServerEnv({
      BITRIX24_WEBHOOK_URL: bitrix.webhookUrl,
      BITRIX24_OUTGOING_TOKEN: bitrixToken,
      AMOCRM_BASE_URL: amo.url,
      AMOCRM_ACCESS_TOKEN: amo.token,
      AMOCRM_WEBHOOK_SECRET: amoSecret,
      AMOCRM_CURRENCY: 'KZT',
      LEADS_WEBHOOK_URL: `${hook.url}/leads`,
      LEADS_WEBHOOK_SECRET: webhookSecret,
      LEADS_NOTIFY_LANGUAGE: 'en',
      METRIKA_OFFLINE_TOKEN: metrika.token,
      METRIKA_API_URL: metrika.url,
      GA4_API_SECRET: ga4.apiSecret,
      GA4_MP_URL: ga4.url,
    });
    deliverers = await createDeliverers(env);
  }, 60_000);
  afterAll(async () => {
    vi.unstubAllEnvs();
    site.db = undefined;
    site.env = undefined;
    forgetFormSecret();
    await Promise.all([
      test?.close(),
      bitrix?.close(),
      amo?.close(),
      hook?.close(),
      metrika?.close(),
      ga4?.close(),
    ]);
  });
  beforeEach(async () => {
    site.db = test.db;
    site.env = env;
    forgetFormSecret();
    forgetRefusals();
    await test.db.delete(leads);
    await test.db.delete(deliveryChannels);
    bitrix.leads.clear();
    bitrix.deals.clear();
    amo.leads.length = 0;
    hook.received.length = 0;
    metrika.uploads.length = 0;
    metrika.state.failures.length = 0;
    metrika.state.requests = 0;
    ga4.hits.length = 0;
    ga4.state.failures.length = 0;
    ga4.state.requests = 0;
    ga4.state.dropped = 0;
  });

  /** A request as the site's form sends it, with the visitor's analytics ids when they allowed them. */
  async function submit(i: number, ids: typeof clientIds | null = clientIds) {
    const result = await submitLead(
      () => Promise.resolve(test.db),
      {
        language: 'ru',
        method: 'email',
        contact: `client${i}@example.ru`,
        consent: 'on',
        message: `Нужен сайт №${i}`,
        page: '/ru/contacts',
        token: await issueFormToken(test.db, Date.now() - 60_000),
        key: crypto.randomUUID(),
        ...(ids ? { analytics: JSON.stringify(ids) } : {}),
      },
      {
        ip: `198.51.100.${i}`,
        userAgent: 'test',
        origin: 'http://x',
        allowedOrigins: ['http://x'],
        channels: enabledChannels(env),
      },
    );
    const { reference } = result as { reference: string };
    const [lead] = await test.db.select().from(leads).where(eq(leads.reference, reference));
    return lead!;
  }

  const drain = () => drainOutbox(test.db, deliverers, 'conversions-test');

  /** The id the CRM gave the lead, as its `lead` job recorded it. */
  async function crmId(leadId: string, channel: 'bitrix24' | 'amocrm') {
    const [job] = await test.db
      .select()
      .from(outboxJobs)
      .where(
        and(
          eq(outboxJobs.leadId, leadId),
          eq(outboxJobs.channel, channel),
          eq(outboxJobs.kind, 'lead'),
        ),
      );
    expect(job?.status).toBe('sent');
    return job!.externalId!;
  }

  /** A lead, delivered to both CRMs, with the ids each gave it. */
  async function deliveredLead(i: number, ids: typeof clientIds | null = clientIds) {
    const lead = await submit(i, ids);
    await drain();
    return {
      lead,
      bitrixLeadId: await crmId(lead.id, 'bitrix24'),
      amoLeadId: await crmId(lead.id, 'amocrm'),
    };
  }

  /** A webhook call through the site's route, as the CRM makes it. */
  async function webhook(
    crm: string,
    body: Record<string, string> | string,
    {
      query = '',
      type = 'application/x-www-form-urlencoded',
    }: { query?: string; type?: string } = {},
  ) {
    const request = new Request(`http://site.test/api/crm/${crm}${query}`, {
      method: 'POST',
      headers: { 'content-type': type },
      body: typeof body === 'string' ? body : new URLSearchParams(body).toString(),
    });
    const response = await crmRoute.POST({
      params: { crm },
      request,
      clientAddress: '203.0.113.7',
    } as unknown as APIContext);
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: JSON.parse(text) as Record<string, unknown>,
      text,
    };
  }

  /** Bitrix24's outgoing webhook on a deal update, as it posts it. */
  const bitrixCall = (dealId: number | string, token: string | null = bitrixToken) => ({
    event: 'ONCRMDEALUPDATE',
    event_handler_id: '201',
    'data[FIELDS][ID]': String(dealId),
    ts: '1736405807',
    'auth[domain]': 'agency.bitrix24.ru',
    'auth[client_endpoint]': 'https://agency.bitrix24.ru/rest/',
    'auth[server_endpoint]': 'https://oauth.bitrix.info/rest/',
    'auth[member_id]': 'a223c6b3710f85df22e9377d6c4f7553',
    ...(token === null ? {} : { 'auth[application_token]': token }),
  });

  /** amoCRM's web hook on a lead's status, as it posts it. */
  const amoHook = (id: string, statusId: string, price?: string) => ({
    'account[subdomain]': 'agency',
    'account[id]': '29638927',
    'account[_links][self]': 'https://agency.amocrm.ru',
    'leads[status][0][id]': id,
    'leads[status][0][name]': 'Новая заявка',
    'leads[status][0][status_id]': statusId,
    'leads[status][0][old_status_id]': '41893093',
    ...(price === undefined ? {} : { 'leads[status][0][price]': price }),
    'leads[status][0][pipeline_id]': '4542166',
    'leads[status][0][account_id]': '29638927',
  });

  const amoQuery = `?secret=${amoSecret}`;

  const conversionJobs = () =>
    test.db.select().from(outboxJobs).where(eq(outboxJobs.kind, 'conversion'));

  it('a new request goes to the team and the CRMs only, never to the analytics services', async () => {
    expect(enabledChannels(env)).toEqual(['bitrix24', 'amocrm', 'webhook']);
    expect(enabledConversionChannels(env)).toEqual(['metrika', 'ga4']);
    const lead = await submit(0);
    const jobs = await test.db.select().from(outboxJobs).where(eq(outboxJobs.leadId, lead.id));
    expect(jobs.map((job) => `${job.channel}:${job.kind}`).sort()).toEqual([
      'amocrm:lead',
      'bitrix24:lead',
      'webhook:lead',
    ]);
    await drain();
    expect(metrika.state.requests + ga4.state.requests).toBe(0);
  });

  it('a deal won in Bitrix24 is uploaded once to Metrica and once to GA4, however often the webhook comes', async () => {
    const { lead, bitrixLeadId } = await deliveredLead(1);
    bitrix.deals.set(77, {
      TITLE: 'Сайт для клиента',
      STAGE_ID: 'WON',
      STAGE_SEMANTIC_ID: 'S',
      OPPORTUNITY: '150000.00',
      CURRENCY_ID: 'RUB',
      LEAD_ID: bitrixLeadId,
    });
    const first = await webhook('bitrix24', bitrixCall(77));
    const again = await webhook('bitrix24', bitrixCall(77));
    for (const answer of [first, again]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.body).toEqual({
        matched: true,
        deals: [{ id: '77', matched: true, won: true }],
      });
    }
    const [deal] = await test.db.select().from(deals);
    expect(deal).toMatchObject({
      leadId: lead.id,
      crm: 'bitrix24',
      dealId: '77',
      stage: 'WON',
      amount: '150000.00',
      currency: 'RUB',
      wonAt: expect.any(Date),
    });
    expect((await conversionJobs()).map((job) => job.channel).sort()).toEqual(['ga4', 'metrika']);

    await drain();
    // A retry of the webhook after the uploads: nothing new.
    expect((await webhook('bitrix24', bitrixCall(77))).status).toBe(200);
    await drain();

    expect(metrika.uploads).toHaveLength(1);
    const upload = metrika.uploads[0]!;
    expect(upload).toMatchObject({ counterId, clientIdType: 'CLIENT_ID' });
    expect(upload.csv.split('\n')[0]).toBe('ClientId,Target,DateTime,Price,Currency');
    expect(upload.rows).toEqual([
      {
        ClientId: clientIds.metrika,
        Target: 'deal_won',
        DateTime: expect.stringMatching(/^\d{10}$/),
        Price: '150000.00',
        Currency: 'RUB',
      },
    ]);
    // When it was won, at most a minute early (Metrica refuses a time after the upload).
    const wonAt = Math.floor(deal!.wonAt!.getTime() / 1000);
    expect(Number(upload.rows[0]!.DateTime)).toBeLessThanOrEqual(wonAt);
    expect(Number(upload.rows[0]!.DateTime)).toBeGreaterThanOrEqual(wonAt - 61);

    expect(ga4.hits).toHaveLength(1);
    expect(ga4.hits[0]).toEqual({
      measurementId,
      body: {
        client_id: clientIds.ga,
        timestamp_micros: deal!.wonAt!.getTime() * 1000,
        events: [
          {
            name: 'close_convert_lead',
            params: { transaction_id: 'bitrix24-77', value: 150000, currency: 'RUB' },
          },
        ],
      },
    });
    expect(ga4.state.dropped).toBe(0);
    const jobs = await conversionJobs();
    expect(jobs.every((job) => job.status === 'sent')).toBe(true);
    // Metrica's upload id, for the operator.
    expect(jobs.find((job) => job.channel === 'metrika')!.externalId).toBe('5001');
  });

  it('a deal won in amoCRM is uploaded once each, its budget read through the API when the hook leaves it out', async () => {
    const { amoLeadId, lead } = await deliveredLead(2);
    amo.leads.find((item) => String(item.id) === amoLeadId)!.price = 250000;
    // Two at once: amoCRM retried a hook it thought lost while the first was being answered.
    const answers = await Promise.all([
      webhook('amocrm', amoHook(amoLeadId, '142'), { query: amoQuery }),
      webhook('amocrm', amoHook(amoLeadId, '142', '250000'), { query: amoQuery }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        matched: true,
        deals: [{ id: amoLeadId, matched: true, won: true }],
      });
    }
    await drain();
    await webhook('amocrm', amoHook(amoLeadId, '142', '250000'), { query: amoQuery });
    await drain();

    const [deal] = await test.db.select().from(deals);
    expect(deal).toMatchObject({
      leadId: lead.id,
      crm: 'amocrm',
      dealId: amoLeadId,
      stage: '4542166:142',
      amount: '250000.00',
      currency: 'KZT',
    });
    expect(metrika.uploads.map((upload) => upload.rows)).toEqual([
      [
        {
          ClientId: clientIds.metrika,
          Target: 'deal_won',
          DateTime: expect.any(String),
          Price: '250000.00',
          Currency: 'KZT',
        },
      ],
    ]);
    expect(ga4.hits.map((hit) => hit.body.events)).toEqual([
      [
        {
          name: 'close_convert_lead',
          params: { transaction_id: `amocrm-${amoLeadId}`, value: 250000, currency: 'KZT' },
        },
      ],
    ]);
    expect(ga4.hits[0]!.body.client_id).toBe(clientIds.ga);
  });

  it('a visitor who did not allow analytics: the won deal is recorded, nothing is uploaded', async () => {
    const { bitrixLeadId, amoLeadId } = await deliveredLead(3, null);
    bitrix.deals.set(78, {
      STAGE_ID: 'WON',
      STAGE_SEMANTIC_ID: 'S',
      OPPORTUNITY: '90000',
      CURRENCY_ID: 'RUB',
      LEAD_ID: bitrixLeadId,
    });
    expect((await webhook('bitrix24', bitrixCall(78))).body).toMatchObject({ matched: true });
    // The same lead's deal in the other CRM changes nothing: its deal is won already.
    expect(
      (await webhook('amocrm', amoHook(amoLeadId, '142', '1'), { query: amoQuery })).body,
    ).toMatchObject({ matched: true });
    await drain();
    const [deal] = await test.db.select().from(deals);
    expect(deal).toMatchObject({ dealId: '78', wonAt: expect.any(Date), amount: '90000.00' });
    expect(await conversionJobs()).toEqual([]);
    expect(metrika.state.requests + ga4.state.requests).toBe(0);
  });

  it('a deal not won is recorded with its stage and uploads nothing; won later, it is uploaded then, once', async () => {
    const { bitrixLeadId } = await deliveredLead(4);
    const stage = (STAGE_ID: string, STAGE_SEMANTIC_ID: string) =>
      bitrix.deals.set(79, {
        STAGE_ID,
        STAGE_SEMANTIC_ID,
        OPPORTUNITY: '50000.00',
        CURRENCY_ID: 'USD',
        LEAD_ID: bitrixLeadId,
      });
    stage('PREPARATION', 'P');
    expect((await webhook('bitrix24', bitrixCall(79))).body).toEqual({
      matched: true,
      deals: [{ id: '79', matched: true, won: false }],
    });
    expect(await test.db.select().from(deals)).toMatchObject([
      { stage: 'PREPARATION', wonAt: null },
    ]);
    expect(await conversionJobs()).toEqual([]);

    stage('WON', 'S');
    await webhook('bitrix24', bitrixCall(79));
    const [won] = await test.db.select().from(deals);
    // Moved back after it was won: the stage follows, the time it was won stays.
    stage('EXECUTING', 'P');
    await webhook('bitrix24', bitrixCall(79));
    stage('WON', 'S');
    await webhook('bitrix24', bitrixCall(79));
    const [after] = await test.db.select().from(deals);
    expect(after!.wonAt).toEqual(won!.wonAt);
    expect(after!.stage).toBe('WON');
    await drain();
    expect(metrika.uploads).toHaveLength(1);
    expect(metrika.uploads[0]!.rows[0]).toMatchObject({ Price: '50000.00', Currency: 'USD' });
    expect(ga4.hits).toHaveLength(1);

    // amoCRM: a lost deal (143) is recorded, nothing queued.
    const other = await deliveredLead(5);
    await webhook('amocrm', amoHook(other.amoLeadId, '143', '1000'), { query: amoQuery });
    const lost = await test.db.select().from(deals).where(eq(deals.leadId, other.lead.id));
    expect(lost).toMatchObject([{ stage: '4542166:143', wonAt: null }]);
    expect((await conversionJobs()).filter((job) => job.leadId === other.lead.id)).toEqual([]);
  });

  it('a missing or wrong token or secret is 403 and one warning, without the secret', async () => {
    const { bitrixLeadId, amoLeadId } = await deliveredLead(6);
    bitrix.deals.set(80, { STAGE_ID: 'WON', STAGE_SEMANTIC_ID: 'S', LEAD_ID: bitrixLeadId });
    const requestsBefore = bitrix.state.requests;
    const logs = captureLogs();
    try {
      const answers = [
        await webhook('bitrix24', bitrixCall(80, 'not-the-token-0123456789')),
        await webhook('bitrix24', bitrixCall(80, null)),
        await webhook('amocrm', amoHook(amoLeadId, '142', '5'), { query: '?secret=guess-1234' }),
        await webhook('amocrm', amoHook(amoLeadId, '142', '5')),
      ];
      expect(answers.map((answer) => [answer.status, answer.body])).toEqual(
        Array.from({ length: 4 }, () => [403, { error: 'forbidden' }]),
      );
    } finally {
      logs.stop();
    }
    const refused = logs.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.event === 'crm.webhook.refused');
    expect(refused.map((line) => [line.crm, line.reason, line.level])).toEqual([
      ['bitrix24', 'wrong', 40],
      ['bitrix24', 'missing', 40],
      ['amocrm', 'wrong', 40],
      ['amocrm', 'missing', 40],
    ]);
    const all = logs.lines.join('\n');
    for (const secret of [bitrixToken, amoSecret, 'not-the-token-0123456789', 'guess-1234'])
      expect(all).not.toContain(secret);
    // Refused before anything was read or recorded.
    expect(bitrix.state.requests).toBe(requestsBefore);
    expect(await test.db.select().from(deals)).toEqual([]);
  });

  it('past 20 refusals from one address a wrong secret gets 429, unlogged; the right one still passes', async () => {
    const logs = captureLogs();
    try {
      for (let i = 0; i < 20; i += 1)
        expect((await webhook('bitrix24', bitrixCall(1, `wrong-token-${i}-0123456`))).status).toBe(
          403,
        );
      const blocked = await Promise.all(
        [20, 21, 22].map((i) => webhook('bitrix24', bitrixCall(1, `wrong-token-${i}-0123456`))),
      );
      expect(blocked.map((answer) => answer.status)).toEqual([429, 429, 429]);
      expect(Number(blocked[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
      // The CRM shares its servers: someone else's refusals never shut it out.
      expect((await webhook('bitrix24', bitrixCall(1))).status).toBe(200);
    } finally {
      logs.stop();
    }
    const events = logs.lines.map((line) => (JSON.parse(line) as { event?: string }).event);
    expect(events.filter((event) => event === 'crm.webhook.refused')).toHaveLength(20);
    expect(events.filter((event) => event === 'crm.webhook.refusals')).toHaveLength(1);
  });

  it('a deal of no lead of this site is 200 with matched: false, and nothing is recorded', async () => {
    await deliveredLead(7);
    bitrix.deals.set(81, { STAGE_ID: 'WON', STAGE_SEMANTIC_ID: 'S', LEAD_ID: '999' });
    bitrix.deals.set(82, { STAGE_ID: 'WON', STAGE_SEMANTIC_ID: 'S', LEAD_ID: null });
    const unmatched = { matched: false, deals: [{ id: expect.any(String), matched: false }] };
    expect((await webhook('bitrix24', bitrixCall(81))).body).toEqual(unmatched);
    expect((await webhook('bitrix24', bitrixCall(82))).body).toEqual(unmatched);
    expect(
      (await webhook('amocrm', amoHook('123456', '142', '10'), { query: amoQuery })).body,
    ).toEqual(unmatched);
    // Without its budget: amoCRM is not asked about a deal that is not the site's.
    const amoRequests = amo.state.requests;
    expect((await webhook('amocrm', amoHook('123457', '142'), { query: amoQuery })).body).toEqual(
      unmatched,
    );
    expect(amo.state.requests).toBe(amoRequests);
    // A deal the portal does not have (deleted since the event).
    expect((await webhook('bitrix24', bitrixCall(83))).body).toEqual({ matched: false, deals: [] });
    // An event of another kind the webhook was set up with.
    expect(
      (await webhook('bitrix24', { ...bitrixCall(81), event: 'ONCRMLEADUPDATE' })).body,
    ).toEqual({ matched: false, deals: [] });
    expect(await test.db.select().from(deals)).toEqual([]);
    expect(await conversionJobs()).toEqual([]);
  });

  it('a malformed body is 400, a large one 413, an unknown CRM or one not set up 404, another method 405', async () => {
    expect(crmRoute.prerender).toBe(false);
    const bad = [
      await webhook('bitrix24', { ...bitrixCall(1), 'data[FIELDS][ID]': 'DROP TABLE' }),
      await webhook('bitrix24', '{"event":', { type: 'application/json' }),
      await webhook('bitrix24', 'hello', { type: 'text/plain' }),
      await webhook('amocrm', { 'account[id]': '1' }, { query: amoQuery }),
      await webhook('amocrm', { 'leads[status][0][id]': '5' }, { query: amoQuery }),
    ];
    expect(bad.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    // The same call as JSON, as Bitrix24's documentation shows it, is read too.
    bitrix.deals.set(90, { STAGE_ID: 'NEW', STAGE_SEMANTIC_ID: 'P', LEAD_ID: '4040' });
    const asJson = await webhook(
      'bitrix24',
      JSON.stringify({
        event: 'ONCRMDEALUPDATE',
        data: { FIELDS: { ID: '90' } },
        auth: { application_token: bitrixToken },
      }),
      { type: 'application/json' },
    );
    expect(asJson.body).toEqual({ matched: false, deals: [{ id: '90', matched: false }] });

    const large = await webhook('amocrm', `x=${'a'.repeat(70 * 1024)}`, { query: amoQuery });
    expect(large.status).toBe(413);

    expect((await webhook('hubspot', bitrixCall(1))).status).toBe(404);
    site.env = parseServerEnv({ BITRIX24_WEBHOOK_URL: bitrix.webhookUrl });
    expect((await webhook('bitrix24', bitrixCall(1))).status).toBe(404);
    site.env = env;

    const other = (crm: string) =>
      crmRoute.ALL({
        params: { crm },
        request: new Request('http://site.test/'),
      } as unknown as APIContext);
    expect([(await other('bitrix24')).status, (await other('nothing')).status]).toEqual([405, 404]);
    expect((await other('amocrm')).headers.get('allow')).toBe('POST');
  });

  it('a failing upload is retried, shows in /api/health and alerts the team; a refused key fails at once', async () => {
    const { bitrixLeadId } = await deliveredLead(8);
    hook.received.length = 0;
    bitrix.deals.set(91, {
      STAGE_ID: 'WON',
      STAGE_SEMANTIC_ID: 'S',
      OPPORTUNITY: '1000',
      CURRENCY_ID: 'EUR',
      LEAD_ID: bitrixLeadId,
    });
    metrika.state.failures.push('server-error', 'quota');
    ga4.state.failures.push('server-error', 'too-many-requests');
    await webhook('bitrix24', bitrixCall(91));
    await runOutboxOnce(test.db, deliverers, outboxRun('first'));

    const failing = await conversionJobs();
    expect(failing.map((job) => [job.channel, job.status, job.attempts]).sort()).toEqual([
      ['ga4', 'pending', 1],
      ['metrika', 'pending', 1],
    ]);
    expect(failing.find((job) => job.channel === 'metrika')!.lastError).toContain('503');
    const state = JSON.parse(await (await health({} as APIContext)).text()) as {
      status: string;
      delivery: { channels: Record<string, { status: string; waiting: number }> };
    };
    expect(state.status).toBe('degraded');
    expect(state.delivery.channels.metrika).toMatchObject({ status: 'failing', waiting: 1 });
    expect(state.delivery.channels.ga4).toMatchObject({ status: 'failing', waiting: 1 });

    // Failing for long enough: the team hears it through the webhook, as deals, not leads.
    await test.db.execute(
      sql`UPDATE delivery_channels SET failing_since = now() - interval '1 hour'`,
    );
    const alerts = await checkAlerts(test.db, deliverers, {
      workerId: 'alerts',
      alertAfterMs: 60_000,
      retryInMs: () => 10_000,
    });
    expect(alerts.map((alert) => `${alert.kind}:${alert.channel}`).sort()).toEqual([
      'failing:ga4',
      'failing:metrika',
    ]);
    const told = hook.received.filter((call) => call.body.event === 'delivery.alert');
    expect(told.map((call) => call.body.title).sort()).toEqual([
      '“Google Analytics 4”: won deals are not being uploaded',
      '“Yandex Metrica”: won deals are not being uploaded',
    ]);
    expect(String(told[0]!.body.text)).toContain('1 won deal is waiting to be uploaded');

    await drain();
    expect(metrika.uploads).toHaveLength(1);
    expect(ga4.hits).toHaveLength(1);
    const sent = await conversionJobs();
    expect(sent.map((job) => [job.channel, job.status, job.attempts]).sort()).toEqual([
      ['ga4', 'sent', 3],
      ['metrika', 'sent', 3],
    ]);
    // The worker's rounds told the team each delivers again.
    const recovered = hook.received.filter(
      (call) => call.body.event === 'delivery.alert' && call.body.alert === 'recovered',
    );
    expect(recovered.map((call) => call.body.title).sort()).toEqual([
      '“Google Analytics 4” accepts won deals again',
      '“Yandex Metrica” accepts won deals again',
    ]);

    // A token Metrica refuses: given up at once, for a person to fix (then retry-failed).
    const next = await deliveredLead(9);
    bitrix.deals.set(92, { STAGE_ID: 'WON', STAGE_SEMANTIC_ID: 'S', LEAD_ID: next.bitrixLeadId });
    metrika.state.failures.push('access-denied');
    await webhook('bitrix24', bitrixCall(92));
    await runOutboxOnce(test.db, deliverers, outboxRun('refused'));
    const [refused] = (await conversionJobs()).filter(
      (job) => job.leadId === next.lead.id && job.channel === 'metrika',
    );
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refused!.lastError).toContain('403');
    expect(refused!.lastError).not.toContain(metrika.token);
  });
});
