import { existsSync } from 'node:fs';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leads } from '@/server/db/schema';
import { errorMessage } from '../../src/lib/errors';
import { deliveryRig, inspect, newKey, pool, startSite, type Site } from './support';

/*
 * The site on its default database (PGlite in DATA_DIR, served by the site's
 * process) under parallel load, as a busy day or a bot would bring: every
 * request answered, never "database unavailable", every lead acknowledged stored.
 * The outbox worker delivers meanwhile (to a Telegram stand-in), so its
 * transactions run among the visitors'.
 */

/** Rounds of 16 parallel submissions. */
const rounds = 10;
/** Longer than any answer takes on a busy machine: past it, the request hung. */
const hangMs = 20_000;

type Outcome = { status: number | 'hung' | 'network'; text: string };

/** A visitor's address of its own per request, so the per-address limit never applies. */
const visitor = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function ask(url: string, init: RequestInit): Promise<Outcome> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(hangMs) });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const name = (error as Error).name;
    return {
      status: name === 'TimeoutError' ? 'hung' : 'network',
      text: `${errorMessage(error)} ${(error as Error & { cause?: Error }).cause?.message ?? ''}`,
    };
  }
}

/** A consultation request's fields; `valid: false` leaves out what the form requires. */
function fields(n: number, key: string, token: string | undefined, valid = true) {
  const phone = String(1_000_000 + (n % 9_000_000));
  return {
    language: 'en',
    method: 'phone',
    contact: valid ? `+7 701 ${phone.slice(0, 3)} ${phone.slice(3)}` : 'not a phone',
    consent: valid ? 'true' : '',
    token: token ?? '',
    shownMs: '30000',
    key,
    page: '/en/contacts',
  };
}

function submitter(
  site: Site,
  latest: () => string | undefined,
  own: (n: number) => string | undefined = () => undefined,
) {
  const token = (n: number) => own(n) ?? latest();
  return {
    /** Through the API, as the form's script sends it. */
    api: (n: number, key: string, valid = true) =>
      ask(`${site.url}/api/leads`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: site.url,
          'x-forwarded-for': visitor(n),
        },
        body: JSON.stringify({ ...fields(n, key, token(n), valid), consent: valid }),
      }),
    /** Posted to the page, as the form without JavaScript sends it. */
    form: (n: number, key: string, valid = true) =>
      ask(`${site.url}/en/contacts`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'text/html',
          origin: site.url,
          'x-forwarded-for': visitor(n),
        },
        body: new URLSearchParams(fields(n, key, token(n), valid)).toString(),
      }),
  };
}

/** The keys of `keys` that are stored as leads. */
async function storedKeys(dataDir: string, keys: string[]): Promise<Set<string>> {
  const check = await inspect({ dataDir });
  try {
    const stored = new Set<string>();
    for (let i = 0; i < keys.length; i += 500) {
      const rows = await check.db
        .select({ key: leads.idempotencyKey })
        .from(leads)
        .where(inArray(leads.idempotencyKey, keys.slice(i, i + 500)));
      for (const row of rows) stored.add(row.key);
    }
    return stored;
  } finally {
    await check.close();
  }
}

describe('the embedded database under load, through the site', () => {
  const rig = deliveryRig('pglite');

  it('answers 16 parallel submissions, ten times over, and stores every one', async () => {
    const site = rig.started(await startSite(rig.env));
    const tokens = new Map<number, string>();
    const send = submitter(
      site,
      () => undefined,
      (n) => tokens.get(n),
    );

    const acknowledged: string[] = [];
    const unexpected: string[] = [];
    let n = 0;
    for (let round = 0; round < rounds; round++) {
      const answers = await Promise.all(
        Array.from({ length: 16 }, async (_, i) => {
          const key = newKey();
          const form = i % 2 === 1;
          const visitorNumber = ++n;
          // Each visitor's form fetches its token as the visitor turns to it, then posts.
          const token = await ask(`${site.url}/api/leads/token`, {});
          if (token.status !== 200) {
            unexpected.push(`token ${token.status} ${token.text.slice(0, 200)}`);
            return;
          }
          tokens.set(visitorNumber, (JSON.parse(token.text) as { token: string }).token);
          const answer = await (form
            ? send.form(visitorNumber, key)
            : send.api(visitorNumber, key));
          const expected = form ? 200 : 201;
          if (answer.status === expected && (form || answer.text.includes('"accepted"')))
            acknowledged.push(key);
          else
            unexpected.push(
              `${form ? 'form' : 'api'} ${answer.status} ${answer.text.slice(0, 200)}`,
            );
        }),
      );
      expect(answers).toHaveLength(16);
    }
    expect(unexpected).toEqual([]);
    expect(acknowledged).toHaveLength(16 * rounds);
    // Stopped as a platform stops it, which leaves the folder to the next test's site.
    expect((await site.kill('SIGTERM')).code).toBe(0);
    const stored = await storedKeys(rig.database.target.dataDir!, acknowledged);
    expect(stored.size).toBe(16 * rounds);
  }, 180_000);

  it('goes through a fuzz of 10,000 requests at 16 at a time: no hang, no 503, no 5xx', async () => {
    const site = rig.started(await startSite(rig.env));
    let token: string | undefined;
    const send = submitter(site, () => token);
    // A visitor's address range of its own, apart from the test before.
    const base = 100_000;

    type Kind =
      | 'api'
      | 'api-invalid'
      | 'api-unreadable'
      | 'form'
      | 'form-invalid'
      | 'page'
      | 'missing-page'
      | 'health'
      | 'token';
    // What a day's traffic and a careless bot mix: mostly reads, many posts, some broken.
    const kinds: Kind[] = [
      'api',
      'api',
      'api',
      'api-invalid',
      'api-unreadable',
      'form',
      'form',
      'form-invalid',
      'page',
      'page',
      'page',
      'missing-page',
      'health',
      'token',
      'token',
    ];
    const pages = ['/en', '/ru', '/kz', '/ua', '/en/contacts', '/ru/contacts'];
    const counts: Record<string, number> = {};
    const acknowledged: string[] = [];
    const failures: string[] = [];
    let hung = 0;
    let unavailable = 0;
    let serverErrors = 0;

    const started = Date.now();
    await pool(10_000, 16, async (i) => {
      const n = base + i;
      const kind = kinds[(i * 7 + (i >> 4)) % kinds.length]!;
      const key = newKey();
      let answer: Outcome;
      let expected: number[];
      switch (kind) {
        case 'api':
          answer = await send.api(n, key);
          expected = [201];
          break;
        case 'api-invalid':
          answer = await send.api(n, key, false);
          expected = [400];
          break;
        case 'api-unreadable':
          answer = await ask(`${site.url}/api/leads`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin: site.url,
              'x-forwarded-for': visitor(n),
            },
            body: `{"language":"en","contact":${'['.repeat(i % 50)}`,
          });
          expected = [400];
          break;
        case 'form':
          answer = await send.form(n, key);
          expected = [200];
          break;
        case 'form-invalid':
          answer = await send.form(n, key, false);
          expected = [200]; // the form again, with what to correct
          break;
        case 'page':
          answer = await ask(`${site.url}${pages[i % pages.length]}`, {});
          expected = [200];
          break;
        case 'missing-page':
          answer = await ask(`${site.url}/en/no-such-page-${i}`, {});
          expected = [404];
          break;
        case 'health':
          answer = await ask(`${site.url}/api/health`, {});
          expected = [200];
          break;
        case 'token': {
          answer = await ask(`${site.url}/api/leads/token`, {});
          expected = [200];
          if (answer.status === 200) token = (JSON.parse(answer.text) as { token: string }).token;
          break;
        }
      }
      counts[kind] = (counts[kind] ?? 0) + 1;
      if (answer.status === 'hung') hung += 1;
      else if (answer.status === 503) unavailable += 1;
      else if (typeof answer.status === 'number' && answer.status >= 500) serverErrors += 1;
      if (typeof answer.status !== 'number' || !expected.includes(answer.status))
        failures.push(`${kind} ${answer.status} ${answer.text.slice(0, 160)}`);
      else if (kind === 'api' || kind === 'form') acknowledged.push(key);
    });
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `embedded fuzz: 10000 requests in ${seconds.toFixed(0)} s (${JSON.stringify(counts)}): ` +
        `${hung} hung, ${unavailable} answered 503, ${serverErrors} other 5xx, ${failures.length} unexpected`,
    );
    expect(hung).toBe(0);
    expect(unavailable).toBe(0);
    expect(serverErrors).toBe(0);
    expect(failures.slice(0, 10)).toEqual([]);

    const stored = await storedKeys(rig.database.target.dataDir!, acknowledged);
    expect(stored.size).toBe(acknowledged.length);
    // The site still answers, and its database with it.
    const health = await fetch(`${site.url}/api/health`);
    expect(health.status).toBe(200);
    const check = await inspect(rig.database.target);
    try {
      const [row] = (
        await check.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM leads`)
      ).rows;
      expect(row!.n).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await check.close();
    }

    // And after all that, it stops as a platform stops it: at once, cleanly, the folder let go.
    const signalled = Date.now();
    site.child.kill('SIGTERM');
    const exit = await site.exited;
    console.info(`embedded fuzz: SIGTERM after it, exit ${exit.code} in ${exit.at - signalled} ms`);
    expect(exit.code).toBe(0);
    expect(exit.at - signalled).toBeLessThan(10_000);
    expect(existsSync(path.join(rig.database.target.dataDir!, 'pglite.lock'))).toBe(false);
  }, 600_000);
});
