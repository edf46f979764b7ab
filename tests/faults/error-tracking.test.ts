import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSentry, type FakeSentry } from '../support/fake-sentry';
import {
  faultBackends,
  faultDatabase,
  inspect,
  startSite,
  waitUntil,
  type FaultDatabase,
  type Site,
} from './support';

/*
 * The built server (`npm start`) with SENTRY_DSN pointed at a stand-in
 * Sentry: a page answered per request that fails (the lead API, on a database
 * that refuses the lead and quotes it) is reported through the site's
 * middleware with the request id the proxy gave, once, and with nothing the
 * visitor sent.
 */

const visitor = {
  name: 'Zhanibek Kairatuly',
  phone: '+7 701 555 0199',
  email: 'zh.k@mail-sample.kz',
};
const forbidden = ['Zhanibek', 'Kairatuly', '555 0199', '5550199', 'mail-sample', '%2B7701'];

describe.each(faultBackends)('a request that fails in the built server, on %s', (backend) => {
  let database: FaultDatabase;
  let sentry: FakeSentry;
  let site: Site | undefined;

  beforeAll(async () => {
    [database, sentry] = await Promise.all([faultDatabase(backend), startFakeSentry()]);
  });
  afterAll(async () => {
    await site?.kill('SIGKILL');
    await Promise.all([sentry?.close(), database?.close()]);
  });

  /** A database trigger that refuses every lead, quoting it in its error (`reason` names the kind). */
  async function refuseLeads(reason: string) {
    const check = await inspect(database.target);
    try {
      await check.db.execute(
        sql.raw(`CREATE OR REPLACE FUNCTION refuse_lead() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION '${reason}: % (%)', NEW.contact_value, NEW.message; END $$`),
      );
      await check.db.execute(sql`DROP TRIGGER IF EXISTS refuse_lead ON leads`);
      await check.db.execute(sql`CREATE TRIGGER refuse_lead BEFORE INSERT ON leads
        FOR EACH ROW EXECUTE FUNCTION refuse_lead()`);
    } finally {
      await check.close();
    }
  }

  async function send(requestId: string) {
    const token = (
      (await (await fetch(`${site!.url}/api/leads/token`)).json()) as { token: string }
    ).token;
    const query = new URLSearchParams({ ...visitor }).toString();
    return fetch(`${site!.url}/api/leads?${query}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: site!.url,
        'x-request-id': requestId,
        'x-forwarded-for': '10.9.8.7',
        cookie: `visitor=${encodeURIComponent(visitor.name)}`,
      },
      body: JSON.stringify({
        language: 'en',
        method: 'phone',
        contact: visitor.phone,
        name: visitor.name,
        message: `or ${visitor.email}`,
        consent: true,
        token,
        shownMs: 30_000,
        key: crypto.randomUUID(),
        page: '/en/contacts',
      }),
    });
  }

  const reportsOf = (requestId: string) =>
    sentry.events().filter((event) => event.tags?.request_id === requestId);

  it('is reported once through the middleware, with its request id, without contact data', async () => {
    site = await startSite({ ...database.env, SENTRY_DSN: sentry.dsn(3), OUTBOX_WORKER: 'off' });
    await waitUntil('error reports are on', () =>
      site!.lines.some((line) => line.includes('"event":"errors.on"')),
    );
    await refuseLeads('lead refused');

    const answer = await send('edge-fault-0001');
    expect(answer.status).toBe(500);
    expect(answer.headers.get('x-request-id')).toBe('edge-fault-0001');
    await waitUntil('the failure is reported', () => reportsOf('edge-fault-0001').length > 0);

    // Another kind of failure, reported after it: by the time it arrives, a
    // second report of the first request would have arrived too.
    await refuseLeads('lead turned away');
    expect((await send('edge-fault-0002')).status).toBe(500);
    await waitUntil(
      'the second failure is reported',
      () => reportsOf('edge-fault-0002').length > 0,
    );
    expect(reportsOf('edge-fault-0001')).toHaveLength(1);

    const [event] = reportsOf('edge-fault-0001');
    expect(event!.tags).toMatchObject({ service: 'server', event: 'lead.error' });
    expect(event!.release).toMatch(/\S/);
    expect(event!.exception?.values?.map((value) => value.value)).toContain(
      'lead refused: [redacted] (or [redacted])',
    );
    const raw = sentry.raw();
    for (const secret of forbidden) expect(raw, secret).not.toContain(secret);
    expect(raw).not.toContain('10.9.8.7');

    // The log has both lines of that request (the intake's, the middleware's), with its id.
    const lines = site.lines
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { requestId?: string; event?: string });
    expect(
      lines.filter((line) => line.requestId === 'edge-fault-0001').map((line) => line.event),
    ).toEqual(expect.arrayContaining(['lead.error', 'request.error']));
  }, 120_000);
});
