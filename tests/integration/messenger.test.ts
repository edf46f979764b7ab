import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leads, outboxJobs } from '@/server/db/schema';
import { outboxRun, runOutboxOnce } from '@/server/delivery/outbox';
import {
  messengerLimits,
  messengerUrl,
  recordMessengerLead,
  type MessengerFields,
} from '@/server/leads/messenger';
import type { SubmissionContext } from '@/server/leads/submit';
import { startStandInDelivery } from '../support/stand-in-delivery';
import { backends, createTestDatabase, type TestDatabase } from '../support/test-db';

const touch = (landingPage: string, at: string) => ({
  source: 'google',
  medium: 'cpc',
  campaign: 'autumn',
  landingPage,
  at,
});

describe.each(backends)('chats opened from the site on %s', (backend) => {
  let test: TestDatabase;
  let stand: Awaited<ReturnType<typeof startStandInDelivery>>;

  beforeAll(async () => {
    [test, stand] = await Promise.all([createTestDatabase(backend), startStandInDelivery()]);
  }, 60_000);
  afterAll(() => Promise.all([test?.close(), stand?.close()]));
  beforeEach(async () => {
    await test.db.delete(leads);
    stand.telegram.calls.length = 0;
    stand.smtp.mails.length = 0;
  });

  const context = (ip: string, origin = 'http://x'): SubmissionContext => ({
    ip,
    userAgent: 'test',
    origin,
    allowedOrigins: ['http://x'],
    channels: ['telegram', 'email'],
  });
  const open = (fields: MessengerFields, ip = '198.51.100.7', origin?: string) =>
    recordMessengerLead(() => Promise.resolve(test.db), fields, context(ip, origin));

  it('records a lead of kind "messenger" with its UTM tags, delivered to the team with its reference', async () => {
    const attribution = JSON.stringify({
      first: touch('/kz?utm_source=google', '2026-11-20T10:00:00.000Z'),
      last: touch('/kz/services/web?utm_source=google', '2026-11-27T09:00:00.000Z'),
    });
    const reference = await open({
      channel: 'whatsapp',
      language: 'kz',
      page: '/kz/services/web',
      attribution,
    });
    expect(reference).toMatch(/^[0-9A-Z]{3}-[0-9A-Z]{3}$/);
    const [lead] = await test.db.select().from(leads).where(eq(leads.reference, reference!));
    expect(lead).toMatchObject({
      kind: 'messenger',
      contactMethod: 'whatsapp',
      contactValue: null,
      language: 'kz',
      page: '/kz/services/web',
      status: 'new',
      attribution: { last: { source: 'google', medium: 'cpc', campaign: 'autumn' } },
    });
    const jobs = await test.db.select().from(outboxJobs).where(eq(outboxJobs.leadId, lead!.id));
    expect(jobs.map((job) => job.channel).sort()).toEqual(['email', 'telegram']);

    await runOutboxOnce(test.db, stand.deliverers, outboxRun('w1'));
    const text = stand.telegram.calls[0]!.body.text as string;
    expect(text).toContain(`<b>New chat from the site</b> #${reference}`);
    expect(text).toContain(
      `Contact: <b>WhatsApp: the visitor opened a chat from the site; its first message carries ${reference}</b>`,
    );
    expect(text).toContain('google / cpc / autumn');
    expect(stand.smtp.mails).toHaveLength(1);
  });

  it('opens the chat with the reference in its first message or its start parameter', async () => {
    const whatsapp = new URL((await messengerUrl('whatsapp', 'ru', 'K7M-4QZ'))!);
    expect(`${whatsapp.origin}${whatsapp.pathname}`).toBe('https://wa.me/12025550142');
    expect(whatsapp.searchParams.get('text')).toBe(
      'Здравствуйте! Пишу с сайта Ortus Digital. Номер обращения: K7M-4QZ.',
    );
    expect(await messengerUrl('telegram', 'en', 'K7M-4QZ')).toBe(
      'https://t.me/ortus_digital_example_bot?start=K7M-4QZ',
    );
    // Not recorded: the chat opens all the same, without a reference.
    expect(await messengerUrl('telegram', 'en', undefined)).toBe(
      'https://t.me/ortus_digital_example_bot',
    );
  });

  it('records nothing for a form posted from another site, or past the limit of one address', async () => {
    expect(
      await open({ channel: 'telegram', language: 'en' }, '198.51.100.8', 'https://evil.example'),
    ).toBeUndefined();
    for (let i = 0; i < messengerLimits.perAddress; i += 1) {
      expect(await open({ channel: 'telegram', language: 'en' }, '198.51.100.9')).toBeDefined();
    }
    expect(await open({ channel: 'telegram', language: 'en' }, '198.51.100.9')).toBeUndefined();
    // Another address is not held back, and the form's own limit is not touched.
    expect(await open({ channel: 'telegram', language: 'en' }, '198.51.100.10')).toBeDefined();
    const stored = await test.db.select().from(leads);
    expect(stored).toHaveLength(messengerLimits.perAddress + 1);
  });
});
