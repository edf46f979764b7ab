import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { env as siteEnv } from '@/env';
import { bookCall, currentFreeSlots } from '@/server/booking/book';
import { issueBookingToken } from '@/server/booking/token';
import { bookings, leads, outboxJobs, submissionHits } from '@/server/db/schema';
import { outboxRun, runOutboxOnce } from '@/server/delivery/outbox';
import type { Deliverers } from '@/server/delivery/types';
import { createDeliverers, enabledChannels } from '@/server/delivery/wiring';
import { parseServerEnv, type ServerEnv } from '@/server/env';
import { forgetFormSecret, issueFormToken } from '@/server/leads/form-token';
import { submitLead } from '@/server/leads/submit';
import { startFakeAmocrm, startFakeBitrix24, startFakeWebhook } from '../support/fake-crm';
import { startFakeSmtp, startFakeTelegram } from '../support/fake-services';
import { property, unfold } from '../support/ics';
import { mimeHeader, mimePart } from '../support/mime';
import { standInBotToken } from '../support/stand-in-delivery';
import { backends, createTestDatabase, type TestDatabase } from '../support/test-db';
import { drainOutbox } from '../support/outbox';

/** Tuesday 1 December 2026, 08:00 in Almaty: the first slot with two hours' notice is 10:00. */
const now = new Date('2026-12-01T03:00:00Z');
/** 11:00 in Almaty, 09:00 in Moscow. */
const slot = '2026-12-01T06:00:00.000Z';
const secret = 'whsec-booking-0123456789abcdef0123';

describe.each(backends)('booking a call on %s', (backend) => {
  let test: TestDatabase;
  let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let bitrix: Awaited<ReturnType<typeof startFakeBitrix24>>;
  let amo: Awaited<ReturnType<typeof startFakeAmocrm>>;
  let hook: Awaited<ReturnType<typeof startFakeWebhook>>;
  let env: ServerEnv;
  let deliverers: Deliverers;
  const getDb = () => Promise.resolve(test.db);

  beforeAll(async () => {
    [test, telegram, smtp, bitrix, amo, hook] = await Promise.all([
      createTestDatabase(backend),
      startFakeTelegram(),
      startFakeSmtp(),
      startFakeBitrix24(),
      startFakeAmocrm(),
      startFakeWebhook(secret),
    ]);
    env = parseServerEnv({
      TELEGRAM_BOT_TOKEN: standInBotToken,
      TELEGRAM_CHAT_ID: '-1001234567890',
      TELEGRAM_API_URL: telegram.url,
      SMTP_URL: smtp.url,
      LEADS_EMAIL_TO: 'sales@example.com',
      BITRIX24_WEBHOOK_URL: bitrix.webhookUrl,
      AMOCRM_BASE_URL: amo.url,
      AMOCRM_ACCESS_TOKEN: amo.token,
      LEADS_WEBHOOK_URL: `${hook.url}/leads`,
      LEADS_WEBHOOK_SECRET: secret,
      LEADS_NOTIFY_LANGUAGE: 'en',
    });
    deliverers = await createDeliverers(env);
  }, 60_000);
  afterAll(async () => {
    forgetFormSecret();
    await Promise.all([
      test?.close(),
      telegram?.close(),
      smtp?.close(),
      bitrix?.close(),
      amo?.close(),
      hook?.close(),
    ]);
  });
  beforeEach(async () => {
    forgetFormSecret();
    await test.db.delete(leads);
    await test.db.delete(submissionHits);
    telegram.calls.length = 0;
    smtp.mails.length = 0;
    bitrix.leads.clear();
    bitrix.todos.clear();
    bitrix.state.failures.length = 0;
    amo.leads.length = 0;
    amo.tasks.length = 0;
    hook.received.length = 0;
  });

  /** A request as a visitor sends it, in Russian from Moscow, answered with its booking token. */
  async function request(i: number) {
    const result = await submitLead(
      getDb,
      {
        language: 'ru',
        method: 'email',
        contact: `visitor${i}@example.org`,
        consent: 'on',
        name: `Гость ${i}`,
        page: '/ru/contacts',
        time: 'morning',
        timeZone: 'Europe/Moscow',
        token: await issueFormToken(test.db, now.getTime() - 60_000),
        key: crypto.randomUUID(),
      },
      {
        ip: `198.51.100.${i}`,
        userAgent: 'test',
        origin: 'http://x',
        allowedOrigins: ['http://x'],
        channels: enabledChannels(env),
        now,
      },
    );
    if (result.status !== 'accepted' || !result.booking) throw new Error('the request failed');
    return { reference: result.reference, token: result.booking.token };
  }

  const book = (token: string, fields: Record<string, string> = {}) =>
    bookCall(getDb, { token, slot, language: 'ru', ...fields }, { now, invites: true });

  const drain = () => drainOutbox(test.db, deliverers, 'booking-test');

  const bookingJobs = (reference: string) =>
    test.db
      .select({ channel: outboxJobs.channel, status: outboxJobs.status })
      .from(outboxJobs)
      .innerJoin(leads, eq(leads.id, outboxJobs.leadId))
      .where(and(eq(leads.reference, reference), eq(outboxJobs.kind, 'booking')));

  it('four visitors race for one slot: one books it, the others hear it is taken, with the times still free', async () => {
    const visitors = await Promise.all([1, 2, 3, 4].map(request));
    const results = await Promise.all(visitors.map((visitor) => book(visitor.token)));

    const booked = results.filter((result) => result.status === 'booked');
    const taken = results.filter((result) => result.status === 'taken');
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({
      httpStatus: 201,
      start: new Date(slot),
      end: new Date('2026-12-01T06:30:00Z'),
      timeZone: 'Europe/Moscow',
      invited: true,
    });
    expect(taken).toHaveLength(3);
    for (const result of taken) {
      expect(result.httpStatus).toBe(409);
      const starts =
        result.status === 'taken' ? result.slots.map((s) => s.start.toISOString()) : [];
      expect(starts).not.toContain(slot);
      // The next free slots: 10:00 and 10:30 in Almaty, then 11:30.
      expect(starts.slice(0, 3)).toEqual([
        '2026-12-01T05:00:00.000Z',
        '2026-12-01T05:30:00.000Z',
        '2026-12-01T06:30:00.000Z',
      ]);
    }
    const rows = await test.db.select().from(bookings);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.startsAt).toEqual(new Date(slot));

    // Only the winner's request hears of a call: a job per channel it went to, and the invitation.
    const winner = visitors[results.indexOf(booked[0]!)]!;
    expect((await bookingJobs(winner.reference)).map((job) => job.channel).sort()).toEqual(
      ['amocrm', 'bitrix24', 'email', 'invite', 'telegram', 'webhook'].sort(),
    );
    for (const visitor of visitors.filter((v) => v !== winner))
      expect(await bookingJobs(visitor.reference)).toEqual([]);
    expect((await currentFreeSlots(test.db, now)).map((s) => s.start.toISOString())).not.toContain(
      slot,
    );
  });

  it('reaches every channel once, at the right time, and mails the visitor an invitation', async () => {
    const visitor = await request(7);
    const other = await request(8);
    expect(await book(visitor.token)).toMatchObject({ status: 'booked', httpStatus: 201 });
    await drain();
    await drain();

    const [booking] = await test.db.select().from(bookings);
    const uid = `booking-${booking!.id}@${new URL(siteEnv.SITE_URL).hostname}`;
    const when =
      "1 December 2026 (Tuesday), 11:00–11:30 (Asia/Almaty) (visitor's time 09:00, Europe/Moscow)";

    // Telegram: one message, the team's language, with how to reach the visitor.
    const calls = telegram.calls.filter((call) =>
      String(call.body.text).includes(`Call booked for ${visitor.reference}`),
    );
    expect(calls).toHaveLength(1);
    expect(String(calls[0]!.body.text)).toContain(
      `Call booked for ${visitor.reference}</b>: ${when}`,
    );
    expect(String(calls[0]!.body.text)).toContain('visitor7@example.org');

    // The team's e-mail, with its copy of the event.
    const team = smtp.mails.filter(
      (mail) =>
        mail.to.includes('sales@example.com') &&
        mimeHeader(mail.raw, 'Subject')?.startsWith(`Call booked for ${visitor.reference}`),
    );
    expect(team).toHaveLength(1);
    expect(mimePart(team[0]!.raw, 'text/plain')?.text).toContain(
      `Call booked for ${visitor.reference}: ${when}`,
    );
    const teamEvent = mimePart(team[0]!.raw, 'text/calendar');
    expect(teamEvent?.head).toMatch(/method=PUBLISH/i);
    expect(property(teamEvent!.text, 'UID')).toBe(uid);
    expect(property(teamEvent!.text, 'DTSTART')).toBe('20261201T060000Z');
    expect(property(teamEvent!.text, 'SUMMARY')).toBe(`Call for enquiry ${visitor.reference}`);

    // Bitrix24: a to-do on the lead the request became, due at the call.
    const bitrixLead = [...bitrix.leads].find(
      ([, fields]) => fields.ORIGIN_ID === visitor.reference,
    );
    expect([...bitrix.todos.values()]).toEqual([
      expect.objectContaining({
        ownerTypeId: 1,
        ownerId: bitrixLead![0],
        deadline: '2026-12-01T06:00:00+00:00',
        title: `Call for enquiry ${visitor.reference}`,
        pingOffsets: [15, 0],
      }),
    ]);

    // amoCRM: a call task on its lead.
    const amoLead = amo.leads.find((lead) => lead.name.includes(visitor.reference));
    expect(amo.tasks).toEqual([
      expect.objectContaining({
        task_type_id: 1,
        entity_type: 'leads',
        entity_id: amoLead!.id,
        complete_till: Date.parse(slot) / 1000,
        duration: 1800,
      }),
    ]);
    expect(amo.tasks[0]!.text).toContain(`Call booked for ${visitor.reference}: ${when}`);

    // The webhook: booking.created, once, by the booking's id.
    const events = hook.received.filter((item) => item.body.event === 'booking.created');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      id: booking!.id,
      body: {
        reference: visitor.reference,
        start: slot,
        end: '2026-12-01T06:30:00.000Z',
        timeZone: 'Europe/Moscow',
        agencyTimeZone: 'Asia/Almaty',
        contact: { method: 'email', value: 'visitor7@example.org' },
      },
    });

    // The visitor's invitation: in Russian, on their clock, the event for their calendar.
    const invitations = smtp.mails.filter((mail) => mail.to.includes('visitor7@example.org'));
    expect(invitations).toHaveLength(1);
    const raw = invitations[0]!.raw;
    expect(mimeHeader(raw, 'Subject')).toBe('Созвон с Ortus Digital: 1 декабря 2026 г., 09:00');
    expect(mimeHeader(raw, 'Reply-To')).toContain('hello@example.com');
    const text = mimePart(raw, 'text/plain')!.text;
    expect(text).toContain(
      'Созвон назначен: вторник, 1 декабря 2026 г., 09:00 по вашему времени (11:00 в Алматы).',
    );
    expect(text).toContain(visitor.reference);
    expect(mimePart(raw, 'text/html')!.text).toContain('Созвон назначен');
    const invite = mimePart(raw, 'text/calendar');
    expect(invite?.head).toMatch(/method=REQUEST/i);
    const ics = invite!.text;
    expect(property(ics, 'METHOD')).toBe('REQUEST');
    expect(property(ics, 'UID')).toBe(uid);
    expect(property(ics, 'DTSTART')).toBe('20261201T060000Z');
    expect(property(ics, 'DTEND')).toBe('20261201T063000Z');
    expect(unfold(ics)).toContain('SUMMARY;LANGUAGE=ru:Созвон с Ortus Digital');
    expect(unfold(ics)).toContain('ORGANIZER;CN="Ortus Digital":mailto:hello@example.com');
    expect(unfold(ics).find((line) => line.startsWith('ATTENDEE'))).toMatch(
      /mailto:visitor7@example\.org$/,
    );

    // The other visitor booked nothing, and nothing of theirs was sent as a booking.
    expect(smtp.mails.some((mail) => mail.to.includes('visitor8@example.org'))).toBe(false);
    expect(await bookingJobs(other.reference)).toEqual([]);
    expect((await bookingJobs(visitor.reference)).every((job) => job.status === 'sent')).toBe(true);
  });

  it('gives a request that booked already its booking back, never a second one', async () => {
    const visitor = await request(9);
    await book(visitor.token);
    const again = await book(visitor.token, { slot: '2026-12-02T06:00:00.000Z' });
    expect(again).toMatchObject({ status: 'booked', httpStatus: 200, start: new Date(slot) });
    expect(await test.db.select().from(bookings)).toHaveLength(1);
    expect(await bookingJobs(visitor.reference)).toHaveLength(6);
  });

  it('books a visitor who presses twice at once only once, and tells both presses the same time', async () => {
    const visitor = await request(13);
    const [a, b] = await Promise.all([
      book(visitor.token),
      book(visitor.token, { slot: '2026-12-02T06:00:00.000Z' }),
    ]);
    const rows = await test.db.select().from(bookings);
    expect(rows).toHaveLength(1);
    expect([a.httpStatus, b.httpStatus].sort()).toEqual([200, 201]);
    for (const result of [a, b]) expect(result).toMatchObject({ start: rows[0]!.startsAt });
    expect(await bookingJobs(visitor.reference)).toHaveLength(6);
  });

  it.each([
    ['on a Saturday', '2026-12-05T06:00:00.000Z', 'invalidSlot'],
    ['sooner than the notice', '2026-12-01T04:00:00.000Z', 'invalidSlot'],
    ['in the past', '2026-11-30T06:00:00.000Z', 'invalidSlot'],
    ['between two slots', '2026-12-01T06:10:00.000Z', 'invalidSlot'],
    ['after closing', '2026-12-01T14:00:00.000Z', 'invalidSlot'],
    ['that is no time at all', 'tomorrow at ten', 'invalidSlot'],
    ['without a time', '', 'chooseFirst'],
  ])('refuses a slot %s with 400 and the times that are free', async (_, start, problem) => {
    const visitor = await request(10);
    const result = await book(visitor.token, { slot: start });
    expect(result).toMatchObject({ status: 'invalid', httpStatus: 400, problem });
    expect(result.status === 'invalid' && result.slots[0]!.start).toEqual(
      new Date('2026-12-01T05:00:00Z'),
    );
    expect(await test.db.select().from(bookings)).toEqual([]);
  });

  it('refuses a token that is not the visitor’s, or has expired, with 403', async () => {
    const visitor = await request(11);
    const [lead] = await test.db.select().from(leads);
    const forged = `${lead!.id}.${Math.floor(now.getTime() / 1000) + 3600}.bm90LWEtc2lnbmF0dXJl`;
    expect(await book(forged)).toEqual({
      status: 'forbidden',
      httpStatus: 403,
      problem: 'forbidden',
    });
    const old = await issueBookingToken(test.db, lead!.id, now.getTime() - 8 * 86_400_000);
    expect(await book(old)).toEqual({ status: 'forbidden', httpStatus: 403, problem: 'expired' });
    expect(await book('')).toMatchObject({ status: 'forbidden' });
    expect(await book(visitor.token)).toMatchObject({ status: 'booked' });
  });

  it('waits for the CRM lead before adding the call to it, without counting a failure', async () => {
    const visitor = await request(12);
    // Bitrix24 is down when the request is first sent.
    bitrix.state.failures.push('server-error');
    await runOutboxOnce(test.db, deliverers, outboxRun('first-round'));
    await book(visitor.token);
    await runOutboxOnce(test.db, deliverers, outboxRun('second-round'));
    const [waiting] = await test.db
      .select()
      .from(outboxJobs)
      .where(and(eq(outboxJobs.channel, 'bitrix24'), eq(outboxJobs.kind, 'booking')));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(bitrix.todos.size).toBe(0);

    await drain();
    const bitrixLead = [...bitrix.leads].find(
      ([, fields]) => fields.ORIGIN_ID === visitor.reference,
    );
    expect([...bitrix.todos.values()].map((todo) => todo.ownerId)).toEqual([bitrixLead![0]]);
  });
});
