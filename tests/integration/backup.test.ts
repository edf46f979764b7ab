import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backupFileName,
  backupToFolder,
  BackupFileError,
  BackupSchemaError,
  codeMigrations,
  restoreBackup,
  RestoreRefusedError,
  verifyBackup,
  writeBackup,
  type BackupHeader,
} from '@/server/db/backup';
import type { Database } from '@/server/db/client';
import { forgetFormSecret, issueFormToken } from '@/server/leads/form-token';
import { submitLead, type SubmissionFields } from '@/server/leads/submit';
import { countsOf, dumpTables } from '../support/dump';
import { runToEnd } from '../support/processes';
import { backends, createTestDatabase, type TestDatabase } from '../support/test-db';

const origin = 'https://agency.example';
const channels = ['telegram', 'email'] as const;

/** A visitor's address per request, so that the per-address limit never applies. */
const visitor = (n: number) => `10.9.${(n >> 8) & 255}.${n & 255}`;

function submit(db: Database, n: number, fields: SubmissionFields = {}) {
  return submitLead(
    () => Promise.resolve(db),
    {
      language: 'ru',
      method: 'phone',
      contact: `+7 701 ${String(2_000_000 + n).slice(0, 3)} ${String(2_000_000 + n).slice(3)}`,
      consent: 'on',
      page: '/ru/contacts',
      key: crypto.randomUUID(),
      ...fields,
    },
    {
      ip: visitor(n),
      userAgent: 'Mozilla/5.0 (backup test)',
      origin,
      allowedOrigins: [origin],
      channels: [...channels],
    },
  );
}

async function until(what: string, check: () => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The database as the CLI finds it: its PGlite folder (served by this process) or its URL. */
const cliEnv = (test: TestDatabase): Record<string, string> =>
  test.dataDir ? { DATA_DIR: test.dataDir } : { DATABASE_URL: test.url };

const gzipLines = (lines: unknown[]) =>
  gzipSync(
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + '\n',
  );

describe.each(backends)('backup and restore on %s', (backend) => {
  let dir: string;
  let source: TestDatabase;
  let target: TestDatabase;
  let file: string;
  let header: BackupHeader;
  const database = backend === 'pglite' ? 'pglite' : 'postgresql';

  beforeAll(async () => {
    forgetFormSecret();
    dir = await mkdtemp(path.join(tmpdir(), 'agency-backup-'));
    [source, target] = await Promise.all([
      createTestDatabase(backend),
      createTestDatabase(backend),
    ]);
    // A form token makes the secret that signs them (the settings table).
    await issueFormToken(source.db);
    const touch = {
      source: 'google',
      medium: 'cpc',
      campaign: 'spring',
      landingPage: '/ru?utm_source=google',
      at: new Date().toISOString(),
    };
    for (let n = 0; n < 6; n += 1)
      expect(
        await submit(source.db, n, {
          name: `Имя ${n}`,
          message: `Сообщение ${n}\nвторая строка`,
          budget: '5k-15k',
          attribution: JSON.stringify({ first: touch, last: touch }),
        }),
      ).toMatchObject({ status: 'accepted' });
    file = path.join(dir, 'one.backup.gz');
    header = (await writeBackup(source.db, file, { database })).header;
  }, 120_000);
  afterAll(async () => {
    forgetFormSecret();
    await Promise.all([source?.close(), target?.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a gzip of JSON lines, owner-only, whose header counts every table', async () => {
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['one.backup.gz']); // no .partial left behind
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .trimEnd()
      .split('\n');
    const first = JSON.parse(lines[0]!) as BackupHeader;
    const latest = codeMigrations().at(-1)!;
    expect(first).toMatchObject({
      format: 'agency-site-backup',
      version: 1,
      database,
      migration: { createdAt: latest.createdAt, hash: latest.hash, tag: latest.tag },
    });
    expect(first.tables).toEqual(countsOf(await dumpTables(source.db)));
    expect(first.tables).toMatchObject({ leads: 6, consents: 6, outbox_jobs: 12, settings: 1 });
    expect(JSON.parse(lines.at(-1)!)).toEqual({ end: true, rows: lines.length - 2 });
    expect(await verifyBackup(file)).toEqual(first);
  });

  it('restores every row exactly into an empty database, sequences past the restored ids', async () => {
    const summary = await restoreBackup(target.db, file);
    expect(summary).toMatchObject({ replaced: {}, migrated: [] });
    expect(await dumpTables(target.db)).toEqual(await dumpTables(source.db));
    // A new job gets an id after the largest restored one, not a duplicate key.
    const { rows } = await target.db.execute<{ max: string; next: string }>(
      sql`SELECT (SELECT max(id) FROM outbox_jobs)::text AS max,
                 nextval(pg_get_serial_sequence('outbox_jobs', 'id'))::text AS next`,
    );
    expect(Number(rows[0]!.next)).toBe(Number(rows[0]!.max) + 1);
  });

  it('refuses a database that holds data without replace, leaving it as it was; replaces with it', async () => {
    expect(await submit(target.db, 100)).toMatchObject({ status: 'accepted' });
    const before = await dumpTables(target.db);
    const refused = await restoreBackup(target.db, file).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RestoreRefusedError);
    expect((refused as RestoreRefusedError).rows).toMatchObject({ leads: 7, consents: 7 });
    expect((refused as Error).message).toMatch(/leads 7, .*--replace/);
    expect(await dumpTables(target.db)).toEqual(before);

    const replaced = await restoreBackup(target.db, file, { replace: true });
    expect(replaced.replaced).toMatchObject({ leads: 7, outbox_jobs: 14 });
    expect(await dumpTables(target.db)).toEqual(await dumpTables(source.db));
  });

  it('the CLI refuses a non-empty database with exit code 2, and replaces it with --replace', async () => {
    const before = await dumpTables(target.db);
    const refused = await runToEnd('scripts/restore.mts', [file], cliEnv(target));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/Nothing was restored .*leads 6, .*--replace/s);
    expect(await dumpTables(target.db)).toEqual(before);

    await target.db.execute(
      sql`DELETE FROM leads WHERE reference = (SELECT min(reference) FROM leads)`,
    );
    const replaced = await runToEnd('scripts/restore.mts', [file, '--replace'], cliEnv(target));
    expect(replaced, replaced.stderr).toMatchObject({ code: 0 });
    expect(replaced.stdout).toMatch(
      /^Restored .*one\.backup\.gz .*leads 6.* It replaced what was there \(leads 5/,
    );
    expect(await dumpTables(target.db)).toEqual(await dumpTables(source.db));
  }, 60_000);

  it('refuses a file that is not a backup, or a damaged one, with a sentence naming the problem', async () => {
    const good = gunzipSync(await readFile(file))
      .toString('utf8')
      .trimEnd()
      .split('\n');
    const cases: [string, Buffer, RegExp][] = [
      ['plain.txt', Buffer.from('name,phone\nIvan,+77011234567\n'), /not a gzip file/],
      ['empty.gz', gzipSync(''), /it is empty/],
      ['other.gz', gzipLines([{ hello: 'world' }]), /its first line is not a backup header/],
      [
        'future-format.gz',
        gzipLines([
          { ...header, version: 2 },
          { end: true, rows: 0 },
        ]),
        /format version 2; this version of the site reads version 1/,
      ],
      [
        'bad-line.gz',
        gzipLines([good[0], good[1], '{"table":"leads","row":', ...good.slice(2)]),
        /line 3 is not valid JSON/,
      ],
      ['no-end.gz', gzipLines(good.slice(0, -1)), /truncated: it ends before the backup does/],
      ['short.gz', gzipLines([...good.slice(0, 3), good.at(-1)]), /damaged: its end marker counts/],
      ['truncated.gz', (await readFile(file)).subarray(0, 200), /truncated or damaged/],
    ];
    const before = await dumpTables(target.db);
    for (const [name, bytes, message] of cases) {
      const bad = path.join(dir, name);
      await writeFile(bad, bytes);
      const error = await restoreBackup(target.db, bad, { replace: true }).catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(BackupFileError);
      expect((error as Error).message, name).toMatch(message);
    }
    expect(await dumpTables(target.db)).toEqual(before);

    // The CLI: exit code 2, and a database folder that did not exist is not made.
    const missing = path.join(dir, 'never-made');
    const truncated = await runToEnd('scripts/restore.mts', [path.join(dir, 'truncated.gz')], {
      DATA_DIR: missing,
    });
    expect(truncated.code).toBe(2);
    expect(truncated.stderr).toMatch(/truncated\.gz is truncated or damaged/);
    expect(truncated.stderr).not.toMatch(/\n\s+at /); // a sentence, not a stack trace
    await expect(stat(missing)).rejects.toMatchObject({ code: 'ENOENT' });
  }, 60_000);

  it('restores a backup of an older schema and migrates it; refuses one from a newer schema', async () => {
    const migrations = codeMigrations();
    const old = migrations.find((m) => m.tag === '0001_brief_attribution_crm')!;
    const leadId = crypto.randomUUID();
    // A backup as the version with migrations up to 0001 wrote it: no `analytics` column yet.
    const lines = [
      {
        format: 'agency-site-backup',
        version: 1,
        createdAt: '2026-11-01T10:00:00.000Z',
        database: 'pglite',
        migration: { createdAt: old.createdAt, hash: old.hash, tag: old.tag },
        tables: {
          leads: 1,
          consents: 1,
          notification_sends: 0,
          outbox_jobs: 1,
          settings: 1,
          submission_hits: 1,
        },
      },
      {
        table: 'leads',
        row: {
          id: leadId,
          reference: 'OLD-001',
          created_at: '2026-11-01T09:59:58.123456+00:00',
          contact_method: 'email',
          contact_value: 'old@example.com',
          language: 'en',
          page: '/en',
          estimate: null,
          status: 'new',
          spam_reason: null,
          idempotency_key: 'old-key',
          name: 'Old Lead',
          message: null,
          budget: { band: '2k-5k', currency: 'USD', low: 2000, high: 5000 },
          contact_time: null,
          time_zone: null,
          attribution: null,
          released_at: null,
          review_reason: null,
        },
      },
      {
        table: 'consents',
        row: {
          id: crypto.randomUUID(),
          lead_id: leadId,
          given_at: '2026-11-01T09:59:58.123456+00:00',
          text_version: '2026-10-01',
          text_hash: 'abc',
          language: 'en',
          page: '/en',
          user_agent: 'old',
          ip: '192.0.2.1',
        },
      },
      {
        table: 'outbox_jobs',
        row: {
          id: 41,
          lead_id: leadId,
          channel: 'email',
          status: 'sent',
          attempts: 1,
          next_attempt_at: '2026-11-01T09:59:58+00:00',
          locked_at: null,
          locked_by: null,
          last_error: null,
          sent_at: '2026-11-01T10:00:01+00:00',
          created_at: '2026-11-01T09:59:58+00:00',
          external_id: null,
          summary_id: null,
        },
      },
      { table: 'settings', row: { key: 'form-token-secret', value: 'old-secret' } },
      {
        table: 'submission_hits',
        row: { id: 7, ip: '192.0.2.1', created_at: '2026-11-01T09:59:58+00:00' },
      },
      { end: true, rows: 5 },
    ];
    const older = path.join(dir, 'older.gz');
    await writeFile(older, gzipLines(lines));
    const summary = await restoreBackup(target.db, older, { replace: true });
    expect(summary.migrated).toEqual(
      migrations
        .slice(migrations.indexOf(old) + 1)
        .map((m): unknown => expect.stringContaining(m.tag!)),
    );
    const dump = await dumpTables(target.db);
    expect(countsOf(dump)).toMatchObject({ leads: 1, consents: 1, outbox_jobs: 1, settings: 1 });
    const [lead] = dump.leads!.map((row) => JSON.parse(row) as Record<string, unknown>);
    expect(lead).toMatchObject({
      reference: 'OLD-001',
      created_at: '2026-11-01T09:59:58.123456+00:00',
      name: 'Old Lead',
      analytics: null, // the column a later migration added
    });
    const { rows } = await target.db.execute<{ created_at: string }>(
      sql`SELECT created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at`,
    );
    expect(rows.map((row) => Number(row.created_at))).toEqual(migrations.map((m) => m.createdAt));
    // The restored sequences continue after the restored ids.
    const next = await target.db.execute<{ job: string; hit: string }>(
      sql`SELECT nextval(pg_get_serial_sequence('outbox_jobs', 'id'))::text AS job,
                 nextval(pg_get_serial_sequence('submission_hits', 'id'))::text AS hit`,
    );
    expect(next.rows[0]).toEqual({ job: '42', hit: '8' });

    // A backup from a later version than this one: refused, nothing changed.
    const latest = migrations.at(-1)!;
    const newer = path.join(dir, 'newer.gz');
    await writeFile(
      newer,
      gzipLines([
        {
          ...header,
          migration: { createdAt: latest.createdAt + 1000, hash: 'f00', tag: '9999_future' },
        },
        ...gunzipSync(await readFile(file))
          .toString('utf8')
          .trimEnd()
          .split('\n')
          .slice(1),
      ]),
    );
    const refused = await restoreBackup(target.db, newer, { replace: true }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(BackupSchemaError);
    expect((refused as Error).message).toMatch(/made by a newer version of the site .*9999_future/);
    expect(await dumpTables(target.db)).toEqual(dump);
  }, 60_000);

  it('a backup taken during a stream of submissions holds every lead acknowledged before it, each whole', async () => {
    const stream = await createTestDatabase(backend);
    const restored = await createTestDatabase(backend);
    try {
      const acknowledged: string[] = [];
      let stopped = false;
      let next = 1000;
      const senders = Array.from({ length: 4 }, async () => {
        while (!stopped) {
          const result = await submit(stream.db, next++);
          if (result.status !== 'accepted') throw new Error(JSON.stringify(result));
          acknowledged.push(result.reference);
        }
      });
      await until('submissions flow', () => acknowledged.length >= 20);
      const before = [...acknowledged];
      const backup = path.join(dir, 'during.gz');
      const { header: during } = await writeBackup(stream.db, backup, { database });
      const atEnd = acknowledged.length;
      await until('more submissions after the backup', () => acknowledged.length >= atEnd + 10);
      stopped = true;
      await Promise.all(senders);
      expect(acknowledged.length).toBeGreaterThan(before.length);

      await restoreBackup(restored.db, backup);
      const dump = await dumpTables(restored.db);
      expect(countsOf(dump)).toEqual(during.tables);
      const leads = dump.leads!.map((row) => JSON.parse(row) as { id: string; reference: string });
      const references = new Set(leads.map((lead) => lead.reference));
      for (const reference of before) expect(references.has(reference), reference).toBe(true);
      // None half there: each lead with its consent record and a job per channel.
      const consentsOf = new Map<string, number>();
      const jobsOf = new Map<string, number>();
      for (const row of dump.consents!) {
        const { lead_id } = JSON.parse(row) as { lead_id: string };
        consentsOf.set(lead_id, (consentsOf.get(lead_id) ?? 0) + 1);
      }
      for (const row of dump.outbox_jobs!) {
        const { lead_id } = JSON.parse(row) as { lead_id: string };
        jobsOf.set(lead_id, (jobsOf.get(lead_id) ?? 0) + 1);
      }
      for (const lead of leads) {
        expect(consentsOf.get(lead.id), lead.reference).toBe(1);
        expect(jobsOf.get(lead.id), lead.reference).toBe(channels.length);
      }
      console.log(
        `${backend}: ${before.length} acknowledged before the backup, ${leads.length} in it, ${acknowledged.length} in all`,
      );
    } finally {
      await Promise.all([stream.close(), restored.close()]);
    }
  }, 120_000);

  it('--dir keeps the newest N backups and leaves other files alone', async () => {
    const folder = path.join(dir, 'daily');
    await mkdir(folder);
    await writeFile(path.join(folder, 'notes.txt'), 'not a backup');
    await writeFile(path.join(folder, 'agency-manual.backup.gz'), 'not named by the loop');
    const start = Date.parse('2026-11-20T03:00:00Z');
    const made: string[] = [];
    for (let day = 0; day < 4; day += 1) {
      const now = new Date(start + day * 24 * 3600 * 1000);
      const result = await backupToFolder(source.db, folder, { keep: 2, database, now });
      made.push(backupFileName(now));
      expect(result.file).toBe(path.join(folder, backupFileName(now)));
      if (day >= 2) expect(result.removed).toEqual([path.join(folder, made[day - 2]!)]);
    }
    expect((await readdir(folder)).sort()).toEqual(
      ['agency-manual.backup.gz', 'notes.txt', ...made.slice(2)].sort(),
    );
    expect(made[0]).toBe('agency-20261120T030000.000Z.backup.gz');
  }, 60_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'a PGlite backup restored into PostgreSQL and back',
  () => {
    let dir: string;
    let pglite: TestDatabase;
    let postgres: TestDatabase;
    let pgliteAgain: TestDatabase;

    beforeAll(async () => {
      forgetFormSecret();
      dir = await mkdtemp(path.join(tmpdir(), 'agency-backup-cross-'));
      [pglite, postgres, pgliteAgain] = await Promise.all([
        createTestDatabase('pglite'),
        createTestDatabase('postgres'),
        createTestDatabase('pglite'),
      ]);
    }, 120_000);
    afterAll(async () => {
      forgetFormSecret();
      await Promise.all([pglite?.close(), postgres?.close(), pgliteAgain?.close()]);
      await rm(dir, { recursive: true, force: true });
    });

    it('holds the same data on either backend', async () => {
      await issueFormToken(pglite.db);
      for (let n = 0; n < 5; n += 1)
        expect(
          await submit(pglite.db, n, { name: `Айгерім ${n}`, message: 'Салем' }),
        ).toMatchObject({
          status: 'accepted',
        });
      const fromPglite = path.join(dir, 'pglite.gz');
      expect(
        (await writeBackup(pglite.db, fromPglite, { database: 'pglite' })).header.database,
      ).toBe('pglite');
      await restoreBackup(postgres.db, fromPglite);
      const original = await dumpTables(pglite.db);
      expect(await dumpTables(postgres.db)).toEqual(original);

      const fromPostgres = path.join(dir, 'postgres.gz');
      await writeBackup(postgres.db, fromPostgres, { database: 'postgresql' });
      await restoreBackup(pgliteAgain.db, fromPostgres);
      expect(await dumpTables(pgliteAgain.db)).toEqual(original);
    }, 120_000);
  },
);
