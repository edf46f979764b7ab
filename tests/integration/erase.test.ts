import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactToErase, eraseContact } from '@/server/leads/admin';
import { forgetFormSecret, issueFormToken } from '@/server/leads/form-token';
import { submitLead, type SubmissionFields } from '@/server/leads/submit';
import { captureLogs } from '@/server/log';
import { dumpTables } from '../support/dump';
import { runToEnd } from '../support/processes';
import { backends, createTestDatabase, type TestDatabase } from '../support/test-db';

const origin = 'https://agency.example';

/** One person: what they typed, and every trace of it that must go. */
const aigerim = {
  phone: '+7 701 555 12 34',
  whatsapp: '8 701 555 1234',
  email: 'Aigerim.Testova@Example.COM',
  name: 'Aigerim Testova',
  message: 'Unique brief from Aigerim about a bakery',
  ips: ['198.51.100.23', '198.51.100.24', '198.51.100.25'],
  userAgent: 'Mozilla/5.0 (Aigerim laptop)',
};
/** The stored forms a dump or a log line could still show. */
const aigerimTraces = [
  '+77015551234',
  '7015551234',
  'Aigerim',
  'aigerim',
  'Testova',
  'bakery',
  'Aigerim laptop',
  ...aigerim.ips,
];

describe.each(backends)('erasing one person on %s', (backend) => {
  let test: TestDatabase;
  let logs: ReturnType<typeof captureLogs>;
  const references: Record<string, string> = {};

  async function submit(label: string, fields: SubmissionFields, ip: string, userAgent: string) {
    const result = await submitLead(
      () => Promise.resolve(test.db),
      {
        consent: 'on',
        page: '/ru/contacts',
        key: crypto.randomUUID(),
        token: await issueFormToken(test.db, Date.now() - 60_000),
        ...fields,
      },
      {
        ip,
        userAgent,
        origin,
        allowedOrigins: [origin],
        channels: ['telegram', 'email'],
      },
    );
    if (result.status !== 'accepted') throw new Error(JSON.stringify(result));
    references[label] = result.reference;
  }

  beforeAll(async () => {
    forgetFormSecret();
    test = await createTestDatabase(backend);
    logs = captureLogs();
    const a = aigerim;
    await submit(
      'phone',
      { language: 'ru', method: 'phone', contact: a.phone, name: a.name, message: a.message },
      a.ips[0]!,
      a.userAgent,
    );
    // The same number again, another method and language, written the local way.
    await submit(
      'whatsapp',
      { language: 'kz', method: 'whatsapp', contact: a.whatsapp, name: a.name },
      a.ips[1]!,
      a.userAgent,
    );
    await submit(
      'email',
      { language: 'en', method: 'email', contact: a.email, message: a.message },
      a.ips[2]!,
      a.userAgent,
    );
    // Somebody else, who must stay.
    await submit(
      'boris',
      { language: 'ru', method: 'phone', contact: '+7 701 999 88 77', name: 'Boris Other' },
      '203.0.113.50',
      'Mozilla/5.0 (Boris)',
    );
    await submit(
      'telegram',
      { language: 'en', method: 'telegram', contact: 't.me/Erase_Me_Please' },
      '203.0.113.51',
      'Mozilla/5.0 (Telegram person)',
    );
    // One of the phone lead's jobs reached Telegram already.
    await test.db.execute(
      sql`UPDATE outbox_jobs SET status = 'sent', sent_at = now()
          WHERE channel = 'telegram'
            AND lead_id = (SELECT id FROM leads WHERE reference = ${references.phone!})`,
    );
  }, 60_000);
  afterAll(async () => {
    logs?.stop();
    forgetFormSecret();
    await test?.close();
  });

  it('reads the contact as the form stores it, and asks when a local number is ambiguous', () => {
    expect(contactToErase(' +7 (701) 555-12-34 ')).toEqual({
      status: 'ok',
      kind: 'phone',
      value: '+77015551234',
    });
    expect(contactToErase('8 701 555 1234')).toMatchObject({ value: '+77015551234' });
    expect(contactToErase('Ivan@Example.COM')).toEqual({
      status: 'ok',
      kind: 'email',
      value: 'Ivan@example.com',
    });
    expect(contactToErase('https://t.me/Erase_Me_Please')).toEqual({
      status: 'ok',
      kind: 'handle',
      value: '@Erase_Me_Please',
    });
    expect(contactToErase('@erase_me_please')).toMatchObject({ kind: 'handle' });
    // A Moscow mobile written without +7 is a valid number of another of the form's regions too.
    const ambiguous = contactToErase('916 123 45 67');
    expect(ambiguous).toMatchObject({
      status: 'ambiguous',
      numbers: expect.arrayContaining(['+79161234567']) as unknown,
    });
    expect((ambiguous as { numbers: string[] }).numbers.length).toBeGreaterThan(1);
    expect(contactToErase('not a contact!')).toEqual({ status: 'invalid' });
    expect(contactToErase('12')).toEqual({ status: 'invalid' });
  });

  it('erases every lead of a phone number, whatever the method, with everything that refers to them', async () => {
    const result = await eraseContact(test.db, '8 (701) 555-12-34');
    expect(result).toEqual({
      status: 'erased',
      references: [references.phone, references.whatsapp].sort(),
      removed: expect.objectContaining({
        leads: 2,
        consents: 2,
        outbox_jobs: 4,
        submission_hits: 2,
      }) as unknown,
      deliveredTo: ['telegram'],
    });
    // The e-mail lead is another contact of the same person: erased on its own, in any case.
    expect(await eraseContact(test.db, 'aigerim.testova@EXAMPLE.com')).toMatchObject({
      status: 'erased',
      references: [references.email],
      removed: { leads: 1, consents: 1, outbox_jobs: 2, submission_hits: 1 },
      deliveredTo: [],
    });
    expect(await eraseContact(test.db, '+77015551234')).toEqual({ status: 'no-match' });
  });

  it('leaves no trace of that person in any table or log line, and the others untouched', async () => {
    const dump = JSON.stringify(await dumpTables(test.db));
    for (const trace of aigerimTraces) expect(dump, trace).not.toContain(trace);
    for (const trace of ['+77019998877', 'Boris Other', '203.0.113.50', references.boris!])
      expect(dump, trace).toContain(trace);
    const [boris] = (
      await test.db.execute<{ consents: number; jobs: number }>(
        sql`SELECT (SELECT count(*)::int FROM consents c WHERE c.lead_id = l.id) AS consents,
                   (SELECT count(*)::int FROM outbox_jobs j WHERE j.lead_id = l.id) AS jobs
            FROM leads l WHERE reference = ${references.boris!}`,
      )
    ).rows;
    expect(boris).toEqual({ consents: 1, jobs: 2 });

    const logged = logs.lines.join('');
    for (const trace of aigerimTraces) expect(logged, trace).not.toContain(trace);
    const erased = logs.lines
      .map((line) => JSON.parse(line) as { event?: string; references?: string[] })
      .filter((line) => line.event === 'leads.erased');
    expect(erased.map((line) => line.references)).toEqual([
      [references.phone, references.whatsapp].sort(),
      [references.email],
    ]);
  });

  it('the CLI erases by handle and says what it removed, without logging the contact; no match is exit 1', async () => {
    const env = {
      ...(test.dataDir ? { DATA_DIR: test.dataDir } : { DATABASE_URL: test.url }),
      LOG_LEVEL: 'info',
    };
    const erased = await runToEnd('scripts/leads.mts', ['erase', '@erase_me_please'], env);
    expect(erased, erased.stderr).toMatchObject({ code: 0 });
    const [logLine, ...said] = erased.stdout.trim().split('\n');
    expect(JSON.parse(logLine!)).toMatchObject({
      event: 'leads.erased',
      references: [references.telegram],
    });
    expect(logLine!.toLowerCase()).not.toContain('erase_me_please');
    expect(said).toEqual([
      `Erased 1 request: ${references.telegram}`,
      expect.stringMatching(
        /^Rows removed: leads 1, consents 1, .*outbox_jobs 2, submission_hits 1$/,
      ),
    ]);

    const none = await runToEnd('scripts/leads.mts', ['erase', '@erase_me_please'], env);
    expect(none).toMatchObject({
      code: 1,
      stdout: 'No request has that contact: nothing was removed.\n',
      stderr: '',
    });
    const bad = await runToEnd('scripts/leads.mts', ['erase', 'not a contact!'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      'erase needs a phone number, an e-mail address or a Telegram @username',
    );
    const ambiguous = await runToEnd(
      'scripts/leads.mts',
      // Unquoted in a shell, a number with spaces is several arguments: read as one.
      ['erase', '916', '123', '45', '67'],
      env,
    );
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('give it with its country code');
    expect(JSON.stringify(await dumpTables(test.db))).toContain(references.boris);
  }, 90_000);
});
