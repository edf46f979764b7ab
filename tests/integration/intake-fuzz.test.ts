import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '@/server/db/schema';
import { fieldsFromBody, fieldsFromFormData, intakeLead } from '@/server/leads/intake';
import { forgetFormSecret } from '@/server/leads/form-token';
import { submissionFieldNames } from '@/server/leads/submit';
import { captureLogs } from '@/server/log';
import { backends, createTestDatabase, type TestDatabase } from '../support/test-db';

/*
 * Property-based fuzzing of the one intake of consultation requests, through
 * both of its doors: a form's FormData (the form posted to a page) and a raw HTTP body
 * (the API). Whatever arrives — any field, any type, control and invisible
 * characters, NUL, lone surrogates, huge values — the answer is never a 5xx,
 * and no log line carries the visitor's contact data.
 */

const invisible = [
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u200b',
  '\u200d',
  '\u202e',
  '\u2066',
  '\ufeff',
  '\u00ad',
  '\ud800',
  '\udfff',
  '\u{E0041}',
];

/** A text with control and invisible characters scattered through it. */
const noisy = (base: fc.Arbitrary<string>) =>
  fc
    .tuple(base, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...invisible)), { maxLength: 6 }))
    .map(([text, inserts]) => {
      let out = text;
      for (const [at, char] of inserts) {
        const i = at % (out.length + 1);
        out = out.slice(0, i) + char + out.slice(i);
      }
      return out;
    });

/** Contacts a person would type, with the form each is stored in. */
const contact = fc.oneof(
  fc
    .tuple(fc.stringMatching(/^[a-z]{6,12}$/), fc.stringMatching(/^[a-z]{4,8}$/))
    .map(([local, domain]) => ({
      method: 'email',
      typed: `${local}@${domain}.example`,
      stored: `${local}@${domain}.example`,
    })),
  fc
    .integer({ min: 1_000_000, max: 9_999_999 })
    .map((n) => ({ method: 'phone', typed: `+7 916 ${n}`, stored: `+7916${n}` })),
  fc
    .integer({ min: 1_000_000, max: 9_999_999 })
    .map((n) => ({ method: 'whatsapp', typed: `8 916 ${n}`, stored: `+7916${n}` })),
  fc
    .stringMatching(/^[a-z][a-z0-9_]{6,20}$/)
    .map((name) => ({ method: 'telegram', typed: `@${name}`, stored: `@${name}` })),
);

/** Any value a field could arrive with, text or not. */
const anyValue = fc.oneof(
  { weight: 5, arbitrary: noisy(fc.string({ unit: 'binary', maxLength: 80 })) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 17_000, maxLength: 20_000 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.string(), { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), {
      maxKeys: 3,
    }),
  },
);

/** A submission: a real contact in noise, and any other field at random. */
const submission = fc.record({
  contact,
  noisyContact: fc.boolean(),
  consent: fc.constantFrom('on', 'true', true, '', undefined),
  language: fc.oneof(fc.constantFrom('ru', 'en', 'kz', 'ua'), noisy(fc.string({ maxLength: 5 }))),
  others: fc.dictionary(fc.constantFrom(...submissionFieldNames), anyValue, { maxKeys: 8 }),
  sameOrigin: fc.boolean(),
});

type Submission = typeof submission extends fc.Arbitrary<infer T> ? T : never;

const origin = 'http://localhost:3000';

/** Request headers as the intake reads them (a user agent with characters no wire would carry). */
function headersFor(sameOrigin: boolean, ip: string) {
  const values: Record<string, string> = {
    host: 'localhost:3000',
    origin: sameOrigin ? origin : 'https://evil.example',
    'x-forwarded-for': ip,
    'user-agent': 'fuzz\u0000agent\u202e',
    'accept-language': 'kk-KZ',
  };
  return { get: (name: string) => values[name] ?? null };
}

describe.each(backends)('the intake, fuzzed, on %s', (backend) => {
  let test: TestDatabase;
  const getDb = () => Promise.resolve(test.db);
  let visitor = 0;
  const nextIp = () => {
    visitor += 1;
    return `10.77.${(visitor >> 8) & 255}.${visitor & 255}`;
  };

  beforeAll(async () => {
    forgetFormSecret();
    test = await createTestDatabase(backend);
  }, 60_000);
  afterAll(async () => {
    forgetFormSecret();
    await test?.close();
  });

  function fieldsOf(input: Submission): Record<string, unknown> {
    const typed = input.noisyContact
      ? `\u200b${input.contact.typed}\u0000\u202e`
      : input.contact.typed;
    return {
      ...input.others,
      method: input.contact.method,
      contact: typed,
      consent: input.consent,
      language: input.language,
    };
  }

  let logged = 0;
  /**
   * Takes in one request of `input`'s visitor, its fields as `read` gives them:
   * never a 5xx, and no line logged meanwhile holds the visitor's contact.
   */
  async function intakeChecked(input: Submission, read: Parameters<typeof intakeLead>[2]) {
    const logs = captureLogs();
    let answer: Awaited<ReturnType<typeof intakeLead>>;
    try {
      const ip = nextIp();
      answer = await intakeLead(headersFor(input.sameOrigin, ip), ip, read, getDb);
    } finally {
      logs.stop();
    }
    expect(answer.result.httpStatus).toBeLessThan(500);
    logged += logs.lines.length;
    const secrets = [
      input.contact.typed,
      input.contact.stored,
      input.contact.stored.replace(/^\+/, ''),
    ];
    for (const line of logs.lines) for (const secret of secrets) expect(line).not.toContain(secret);
    return answer;
  }

  it('through a form (posted to a page): never a 5xx, never contact data in a log', async () => {
    await fc.assert(
      fc.asyncProperty(submission, async (input) => {
        const form = new FormData();
        for (const [name, value] of Object.entries(fieldsOf(input))) {
          if (value === undefined) continue;
          form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
        }
        const answer = await intakeChecked(input, () => fieldsFromFormData(form));
        if (answer.result.status !== 'accepted') expect(answer.message).toBeTruthy();
      }),
      { numRuns: 120 },
    );
  }, 120_000);

  it('through the API, JSON or not: never a 5xx, never contact data in a log', async () => {
    const body = fc.oneof(
      submission.map((input) => ({
        input,
        text: JSON.stringify(fieldsOf(input)),
        type: 'application/json',
      })),
      submission.map((input) => ({
        input,
        text: new URLSearchParams(
          Object.entries(fieldsOf(input)).flatMap(([k, v]) =>
            v === undefined ? [] : [[k, typeof v === 'string' ? v : JSON.stringify(v)]],
          ),
        ).toString(),
        type: 'application/x-www-form-urlencoded; charset=utf-8',
      })),
      fc.record({
        input: submission,
        text: fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.constant('{"contact": '),
          fc.constant('[1,2]'),
          fc.constant('null'),
        ),
        type: fc.constantFrom('application/json', 'text/xml', '', 'multipart/form-data'),
      }),
    );
    await fc.assert(
      fc.asyncProperty(body, async ({ input, text, type }) => {
        const answer = await intakeChecked(input, () => fieldsFromBody(text, type));
        expect([200, 201, 400, 403, 413, 429]).toContain(answer.result.httpStatus);
      }),
      { numRuns: 120 },
    );
  }, 120_000);

  it('stores what it accepts without a control or invisible character', async () => {
    // The properties above read real log lines (one per accepted lead at least).
    expect(logged).toBeGreaterThan(10);
    const rows = await test.db.select().from(leads);
    expect(rows.length).toBeGreaterThan(10);
    const hidden =
      // eslint-disable-next-line no-control-regex -- what must never be stored
      /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/;
    for (const row of rows) {
      for (const value of [
        row.contactValue,
        row.name ?? '',
        row.page,
        row.language,
        row.timeZone ?? '',
      ])
        expect(value).not.toMatch(hidden);
      // eslint-disable-next-line no-control-regex -- what must never be stored
      expect(row.message ?? '').not.toMatch(/[\u0000\u202E\uFEFF]/);
    }
  });
});
