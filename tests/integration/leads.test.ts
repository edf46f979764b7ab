import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pricingConfig } from '@/config/pricing';
import { estimate, inCurrency } from '@/lib/calculator/estimate';
import { selectionFromQuery } from '@/lib/calculator/selection';
import { consents, leads, outboxJobs, submissionHits } from '@/server/db/schema';
import { forgetFormSecret, issueFormToken } from '@/server/leads/form-token';
import {
  submissionLimits,
  submitLead,
  type SubmissionContext,
  type SubmissionFields,
} from '@/server/leads/submit';
import { backends, createTestDatabase, type TestDatabase } from '../support/test-db';

const origin = 'https://agency.example';

describe.each(backends)('submitting a lead on %s', (backend) => {
  let test: TestDatabase;
  const getDb = () => Promise.resolve(test.db);
  let clock = new Date('2026-11-21T06:00:00Z');

  beforeAll(async () => {
    test = await createTestDatabase(backend);
  }, 60_000);
  afterAll(async () => {
    forgetFormSecret();
    await test?.close();
  });
  beforeEach(async () => {
    forgetFormSecret();
    await test.db.delete(leads);
    await test.db.delete(submissionHits);
    clock = new Date(clock.getTime() + 60 * 60 * 1000);
  });

  const context = (overrides: Partial<SubmissionContext> = {}): SubmissionContext => ({
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (test)',
    origin,
    allowedOrigins: [origin],
    channels: ['telegram', 'email'],
    now: clock,
    ...overrides,
  });

  /** A form as a person sends it: token issued a minute ago, a fresh key. */
  async function form(overrides: SubmissionFields = {}): Promise<SubmissionFields> {
    return {
      language: 'kz',
      method: 'phone',
      contact: '8 701 123 4567',
      consent: 'on',
      page: '/kz/contacts',
      token: await issueFormToken(test.db, clock.getTime() - 60_000),
      key: crypto.randomUUID(),
      ...overrides,
    };
  }

  it('stores one lead, its consent record and a job per channel, then answers', async () => {
    const result = await submitLead(getDb, await form(), context());
    expect(result).toMatchObject({
      status: 'accepted',
      httpStatus: 201,
      reference: expect.stringMatching(/^[A-Z2-9]{3}-[A-Z2-9]{3}$/),
    });

    const [lead] = await test.db.select().from(leads);
    expect(lead).toMatchObject({
      contactMethod: 'phone',
      contactValue: '+77011234567',
      language: 'kz',
      page: '/kz/contacts',
      status: 'new',
    });
    const [consent] = await test.db.select().from(consents).where(eq(consents.leadId, lead!.id));
    expect(consent).toMatchObject({
      // The consent text's version is the newer date of the consent document and
      // the privacy policy, in the visitor's language.
      textVersion: ['consent', 'privacy']
        .map(
          (slug) =>
            (
              load(readFileSync(`content/pages/${slug}/index.yaml`, 'utf8'), {
                schema: CORE_SCHEMA,
              }) as { texts: { kz: { updated: string } } }
            ).texts.kz.updated,
        )
        .sort()
        .at(-1),
      language: 'kz',
      page: '/kz/contacts',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (test)',
    });
    expect(consent!.textHash).toMatch(/^[0-9a-f]{64}$/);
    const jobs = await test.db.select().from(outboxJobs).where(eq(outboxJobs.leadId, lead!.id));
    expect(jobs.map((job) => [job.channel, job.status]).sort()).toEqual([
      ['email', 'pending'],
      ['telegram', 'pending'],
    ]);
  });

  it('stores the calculator estimate with the lead, priced again by the engine', async () => {
    const query =
      'type=landing&size=1&design=template&features=analytics&urgency=standard&support=0';
    await submitLead(getDb, await form({ estimate: query, language: 'kz' }), context());
    const [lead] = await test.db.select().from(leads);
    const selection = selectionFromQuery(new URLSearchParams(query));
    const priced = inCurrency(estimate(selection), 'KZT');
    expect(lead!.estimate).toEqual({
      selection,
      link: `/kz/calculator?${query}`,
      currency: 'KZT',
      low: priced.low,
      high: priced.high,
      weeks: priced.weeks,
      period: 'project',
      lines: priced.lines,
      pricesAsOf: pricingConfig.ratesSetOn,
    });
  });

  it('keeps the request but drops an estimate that is not a valid selection', async () => {
    const result = await submitLead(
      getDb,
      await form({ estimate: JSON.stringify({ summary: 'A free website', low: 0 }) }),
      context(),
    );
    expect(result.status).toBe('accepted');
    const [lead] = await test.db.select().from(leads);
    expect(lead!.estimate).toBeNull();
  });

  it('returns the first result for a repeated submission instead of a second lead', async () => {
    const fields = await form();
    const first = await submitLead(getDb, fields, context());
    const second = await submitLead(getDb, fields, context());
    expect(second).toEqual({
      status: 'accepted',
      httpStatus: 200,
      reference: (first as { reference: string }).reference,
      method: 'phone',
      review: null,
      // The same request can still book its call.
      booking: { token: expect.stringMatching(/^[0-9a-f-]{36}\.\d+\./), timeZone: null },
    });
    expect((await test.db.select({ n: count() }).from(leads))[0]!.n).toBe(1);
  });

  it(`allows ${submissionLimits.perAddress} requests per address in ${submissionLimits.windowMs / 60000} minutes, then 429 with Retry-After`, async () => {
    for (let i = 0; i < submissionLimits.perAddress; i += 1) {
      expect((await submitLead(getDb, await form(), context())).status).toBe('accepted');
    }
    const refused = await submitLead(getDb, await form(), context());
    expect(refused).toEqual({
      status: 'rate_limited',
      httpStatus: 429,
      retryAfter: submissionLimits.windowMs / 1000,
    });
    // Another address is not affected, and the first one is free again after the window.
    expect((await submitLead(getDb, await form(), context({ ip: '198.51.100.1' }))).status).toBe(
      'accepted',
    );
    const later = new Date(clock.getTime() + submissionLimits.windowMs + 1000);
    const fields = {
      ...(await form()),
      token: await issueFormToken(test.db, later.getTime() - 60_000),
    };
    expect((await submitLead(getDb, fields, context({ now: later }))).status).toBe('accepted');
  });

  it('counts concurrent requests from one address exactly', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, async () => submitLead(getDb, await form(), context())),
    );
    expect(results.filter((r) => r.status === 'accepted')).toHaveLength(
      submissionLimits.perAddress,
    );
    expect(results.filter((r) => r.status === 'rate_limited')).toHaveLength(
      8 - submissionLimits.perAddress,
    );
  });

  it('accepts a filled honeypot silently, marks it spam and queues nothing', async () => {
    const result = await submitLead(
      getDb,
      await form({ website: 'https://spam.example' }),
      context(),
    );
    expect(result.status).toBe('accepted');
    // Nor can it hold a slot someone else would book.
    expect(result).toMatchObject({ booking: null });
    const [lead] = await test.db.select().from(leads);
    expect(lead).toMatchObject({ status: 'spam', spamReason: 'honeypot' });
    expect(await test.db.select().from(outboxJobs)).toHaveLength(0);
  });

  it('delivers a form sent within 2 seconds of the page appearing, marked for a check', async () => {
    const fields = await form({
      token: await issueFormToken(test.db, clock.getTime() - 900),
      shownMs: '1000',
    });
    expect(await submitLead(getDb, fields, context())).toMatchObject({
      status: 'accepted',
      httpStatus: 201,
      review: 'too-fast',
    });
    const [lead] = await test.db.select().from(leads);
    expect(lead).toMatchObject({ status: 'new', spamReason: null, reviewReason: 'too-fast' });
    expect(
      await test.db.select().from(outboxJobs).where(eq(outboxJobs.leadId, lead!.id)),
    ).toHaveLength(2);
  });

  it('counts from when the page appeared, not from when the token came', async () => {
    // Autofill: the token arrived 300 ms ago, but the page has been open 9 s.
    const fields = await form({
      token: await issueFormToken(test.db, clock.getTime() - 300),
      shownMs: '9000',
    });
    expect(await submitLead(getDb, fields, context())).toMatchObject({ review: null });
    expect((await test.db.select().from(leads))[0]).toMatchObject({
      status: 'new',
      reviewReason: null,
    });
  });

  it('takes a form without JavaScript at the first press, marked as sent without the script', async () => {
    const result = await submitLead(
      getDb,
      await form({ token: undefined, key: undefined }),
      context(),
    );
    expect(result).toMatchObject({ status: 'accepted', httpStatus: 201, review: 'no-script' });
    expect((await test.db.select().from(leads))[0]).toMatchObject({
      status: 'new',
      reviewReason: 'no-script',
    });
    // Pressed twice: the same request, not a second lead.
    const again = await submitLead(
      getDb,
      await form({ token: undefined, key: undefined }),
      context(),
    );
    expect(again).toMatchObject({ status: 'accepted', httpStatus: 200 });
    expect(await test.db.select().from(leads)).toHaveLength(1);
  });

  it('keeps a filled honeypot or a forged token as spam, delivered to no one', async () => {
    await submitLead(getDb, await form({ website: 'http://spam.example' }), context());
    await submitLead(
      getDb,
      await form({ token: `${clock.getTime() - 60_000}.not-our-signature` }),
      context({ ip: '203.0.113.8' }),
    );
    const rows = await test.db.select().from(leads).orderBy(leads.createdAt);
    expect(rows.map((row) => [row.status, row.spamReason]).sort()).toEqual([
      ['spam', 'forged-token'],
      ['spam', 'honeypot'],
    ]);
    expect(await test.db.select().from(outboxJobs)).toHaveLength(0);
  });

  it('stores the brief, cleaned, with the budget in the visitor currency', async () => {
    await submitLead(
      getDb,
      await form({
        language: 'ru',
        method: 'whatsapp',
        contact: '8 916 123-45-67',
        name: 'Анна\u200b Петрова',
        message: 'Нужен магазин.\u0000\r\nСроки — весна.',
        budget: '5k-15k',
        time: 'evening',
        timeZone: 'Europe/Moscow',
        page: '/ru/contacts\u0000',
      }),
      context(),
    );
    expect((await test.db.select().from(leads))[0]).toMatchObject({
      contactMethod: 'whatsapp',
      contactValue: '+79161234567',
      name: 'Анна Петрова',
      message: 'Нужен магазин.\nСроки — весна.',
      budget: { band: '5k-15k', currency: 'RUB', low: 400_000, high: 1_200_000 },
      contactTime: 'evening',
      timeZone: 'Europe/Moscow',
      page: '/ru/contacts',
    });
  });

  it('drops a time zone it does not know and keeps the request', async () => {
    await submitLead(
      getDb,
      await form({ time: 'morning', timeZone: 'Mars/Olympus_Mons' }),
      context(),
    );
    expect((await test.db.select().from(leads))[0]).toMatchObject({
      contactTime: 'morning',
      timeZone: null,
    });
  });

  it('stores where the visitor came from, or the tags of the page the form was sent from', async () => {
    const touch = {
      source: 'google',
      medium: 'cpc',
      landingPage: '/kz?utm_source=google',
      at: clock.toISOString(),
    };
    await submitLead(
      getDb,
      await form({ attribution: JSON.stringify({ first: touch, last: touch }) }),
      context(),
    );
    await submitLead(
      getDb,
      await form({ token: undefined, key: undefined }),
      context({
        ip: '203.0.113.9',
        referer: 'https://agency.example/kz/contacts?utm_source=vk&gclid=x1',
      }),
    );
    const rows = await test.db.select().from(leads).orderBy(leads.createdAt);
    expect(rows.map((row) => row.attribution)).toEqual(
      expect.arrayContaining([
        { first: touch, last: touch },
        {
          first: {
            source: 'vk',
            gclid: 'x1',
            landingPage: '/kz/contacts?utm_source=vk&gclid=x1',
            at: clock.toISOString(),
          },
          last: {
            source: 'vk',
            gclid: 'x1',
            landingPage: '/kz/contacts?utm_source=vk&gclid=x1',
            at: clock.toISOString(),
          },
        },
      ]),
    );
  });

  it('refuses a form posted from another site', async () => {
    expect(
      await submitLead(getDb, await form(), context({ origin: 'https://evil.example' })),
    ).toEqual({ status: 'forbidden', httpStatus: 403 });
    expect(await submitLead(getDb, await form(), context({ origin: null }))).toEqual({
      status: 'forbidden',
      httpStatus: 403,
    });
    expect(await test.db.select().from(leads)).toHaveLength(0);
  });

  it('reports invalid fields and stores nothing', async () => {
    const result = await submitLead(
      getDb,
      await form({ contact: '8 701 12', consent: undefined }),
      context(),
    );
    expect(result).toEqual({
      status: 'invalid',
      httpStatus: 400,
      errors: { contact: 'phoneInvalid', consent: 'consentRequired' },
    });
    expect(await test.db.select().from(leads)).toHaveLength(0);
  });

  it('refuses an oversized request before looking at it', async () => {
    const result = await submitLead(
      getDb,
      await form({ estimate: 'x'.repeat(submissionLimits.maxBodyBytes) }),
      context(),
    );
    expect(result).toEqual({ status: 'too_large', httpStatus: 413 });
  });

  it('answers 503 when the database cannot be reached', async () => {
    const down = () =>
      Promise.reject(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
          code: 'ECONNREFUSED',
        }),
      );
    expect(await submitLead(down, await form(), context())).toEqual({
      status: 'unavailable',
      httpStatus: 503,
      retryAfter: submissionLimits.unavailableRetryAfterSeconds,
    });
  });
});
