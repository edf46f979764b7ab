import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupHeader } from '@/server/db/backup';
import { countsOf, dumpTables } from '../support/dump';
import {
  Client,
  deliveryRig,
  distDir,
  faultBackends,
  faultDatabase,
  inspect,
  newKey,
  root,
  startSite,
  waitUntil,
  watch,
  type FaultDatabase,
} from './support';

/*
 * The commands as the container runs them (`node dist/backup.mjs`, `restore.mjs`,
 * `leads.mjs`, bundled by the build), beside the built site taking requests.
 */

/** Runs one of the build's commands to its end. */
async function command(name: string, args: string[], env: Record<string, string>) {
  const proc = watch(
    spawn(process.execPath, [path.join(distDir, `${name}.mjs`), ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const { code } = await proc.exited;
  return { code, lines: proc.lines.filter((line) => line !== '') };
}

const headerOf = async (file: string) =>
  JSON.parse(
    gunzipSync(await readFile(file))
      .toString('utf8')
      .split('\n', 1)[0]!,
  ) as BackupHeader;

describe.each(faultBackends)('backup and restore beside the running site on %s', (backend) => {
  const rig = deliveryRig(backend);
  let dir: string;
  const restoredInto: FaultDatabase[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'agency-backup-faults-'));
  });
  afterAll(async () => {
    await Promise.all(restoredInto.map((database) => database.close()));
    await rm(dir, { recursive: true, force: true });
  });

  it('a backup during a stream of submissions restores every lead acknowledged before it, whole', async () => {
    const site = rig.started(await startSite(rig.env));
    const client = new Client(() => site.url);
    await client.prepare();
    const acknowledged: string[] = [];
    let stopped = false;
    let n = 0;
    const senders = Array.from({ length: 4 }, async () => {
      while (!stopped) {
        const answer = await client.send(n++, newKey());
        if (answer.status !== 201) throw new Error(`a request failed: ${JSON.stringify(answer)}`);
        acknowledged.push(answer.body.reference as string);
      }
    });
    try {
      await waitUntil('submissions flow', () => acknowledged.length >= 30, 60_000);
      const before = [...acknowledged];
      const file = path.join(dir, `${backend}.backup.gz`);
      const backup = await command('backup', [file], rig.database.env);
      expect(backup, backup.lines.join('\n')).toMatchObject({ code: 0 });
      expect(backup.lines).toEqual([
        expect.stringMatching(
          new RegExp(`^Backup written: ${file} \\([\\d.]+ KB; leads \\d+, consents \\d+, .*\\)$`),
        ),
      ]);
      const atEnd = acknowledged.length;
      await waitUntil('more submissions after it', () => acknowledged.length >= atEnd + 10, 60_000);
      stopped = true;
      await Promise.all(senders);
      const header = await headerOf(file);
      expect(header.database).toBe(backend === 'pglite' ? 'pglite' : 'postgresql');

      // Into a new database of each kind (a PGlite folder that does not exist yet is made).
      const targets = [backend, ...(backend === 'pglite' ? faultBackends.slice(1) : [])];
      const dumps = [];
      for (const kind of targets) {
        const database = await faultDatabase(kind);
        restoredInto.push(database);
        const env =
          kind === 'pglite'
            ? { DATA_DIR: path.join(database.target.dataDir!, 'new') }
            : database.env;
        const restore = await command('restore', [file], env);
        expect(restore, restore.lines.join('\n')).toMatchObject({ code: 0 });
        expect(restore.lines.at(-1)).toMatch(/^Restored .* into the /);
        const check = await inspect(
          kind === 'pglite' ? { dataDir: env.DATA_DIR } : database.target,
        );
        try {
          dumps.push(await dumpTables(check.db));
        } finally {
          await check.close();
        }
      }
      const [dump] = dumps;
      for (const other of dumps.slice(1)) expect(other).toEqual(dump);
      expect(countsOf(dump!)).toEqual(header.tables);
      const leads = dump!.leads!.map((row) => JSON.parse(row) as { id: string; reference: string });
      const stored = new Set(leads.map((lead) => lead.reference));
      for (const reference of before) expect(stored.has(reference), reference).toBe(true);
      const leadIds = (rows: string[]) =>
        rows.map((row) => (JSON.parse(row) as { lead_id: string }).lead_id);
      const consents = leadIds(dump!.consents!);
      const jobs = leadIds(dump!.outbox_jobs!);
      for (const lead of leads) {
        expect(
          consents.filter((id) => id === lead.id),
          lead.reference,
        ).toHaveLength(1);
        expect(
          jobs.filter((id) => id === lead.id),
          lead.reference,
        ).toHaveLength(1); // Telegram
      }
      console.log(
        `${backend}: ${before.length} acknowledged before the backup, ${leads.length} in it, ${acknowledged.length} in all; restored into ${targets.join(' and ')}`,
      );
    } finally {
      stopped = true;
      await Promise.allSettled(senders);
    }
  });

  it('the daily loop backs up now and on time, keeps N, and stops on SIGTERM with exit code 0', async () => {
    const folder = path.join(dir, `${backend}-daily`);
    const loop = watch(
      spawn(
        process.execPath,
        // Every 2 seconds, for the test; compose runs it every 24 hours.
        [
          path.join(distDir, 'backup.mjs'),
          '--dir',
          folder,
          '--keep',
          '2',
          '--every-hours',
          String(2 / 3600),
        ],
        {
          cwd: root,
          env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', ...rig.database.env },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      ),
    );
    const written = () => loop.lines.filter((line) => line.startsWith('Backup written: '));
    try {
      await waitUntil('three backups', () => written().length >= 3, 90_000);
    } finally {
      const { code, signal } = await loop.kill('SIGTERM');
      expect({ code, signal }, loop.lines.join('\n')).toEqual({ code: 0, signal: null });
    }
    expect(written()[2]).toMatch(/; removed 1 older backup beyond 2$/);
    const names = await readdir(folder);
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^agency-\d{8}T\d{6}\.\d{3}Z\.backup\.gz$/);
  });
});

describe.each(faultBackends)('erasing one person beside the running site on %s', (backend) => {
  const rig = deliveryRig(backend);

  async function post(
    url: string,
    visitor: { ip: string; userAgent: string },
    body: Record<string, unknown>,
    token: string,
  ) {
    const response = await fetch(`${url}/api/leads`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: new URL(url).origin,
        'x-forwarded-for': visitor.ip,
        'user-agent': visitor.userAgent,
      },
      body: JSON.stringify({
        consent: true,
        token,
        shownMs: 30_000,
        key: newKey(),
        page: '/ru',
        ...body,
      }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { reference: string }).reference;
  }

  it('leaves no trace in the database or in any process output', async () => {
    const site = rig.started(await startSite(rig.env));
    const client = new Client(() => site.url);
    await client.prepare();
    const token = client.formToken!;
    const dana = [
      await post(
        site.url,
        { ip: '198.51.100.77', userAgent: 'Mozilla/5.0 (Dana phone)' },
        {
          language: 'ru',
          method: 'phone',
          contact: '+7 (701) 444-33-22',
          name: 'Dana Erasable',
          message: 'Please build the Erasable bakery site',
        },
        token,
      ),
      await post(
        site.url,
        { ip: '198.51.100.78', userAgent: 'Mozilla/5.0 (Dana phone)' },
        { language: 'kz', method: 'whatsapp', contact: '87014443322' },
        token,
      ),
    ];
    const other = await post(
      site.url,
      { ip: '203.0.113.80', userAgent: 'Mozilla/5.0 (Kept laptop)' },
      {
        language: 'en',
        method: 'email',
        contact: 'keep.me@example.com',
        name: 'Kept Person',
      },
      token,
    );

    const erase = await command('leads', ['erase', '+77014443322'], rig.database.env);
    expect(erase, erase.lines.join('\n')).toMatchObject({ code: 0 });
    expect(erase.lines).toContain(`Erased 2 requests: ${[...dana].sort().join(', ')}`);
    const again = await command('leads', ['erase', '+7 701 444 33 22'], rig.database.env);
    expect(again).toEqual({
      code: 1,
      lines: ['No request has that contact: nothing was removed.'],
    });

    const traces = [
      '+77014443322',
      '7014443322',
      '444-33-22',
      'Dana',
      'Erasable',
      '198.51.100.77',
      '198.51.100.78',
      'Dana phone',
    ];
    const check = await inspect(rig.database.target);
    let dump: string;
    try {
      dump = JSON.stringify(await dumpTables(check.db));
    } finally {
      await check.close();
    }
    for (const trace of traces) expect(dump, trace).not.toContain(trace);
    for (const kept of [other, 'keep.me@example.com', 'Kept Person']) expect(dump).toContain(kept);
    // The site's output (its log), and the command's log lines (JSON; the rest is what it printed).
    const logLines = [...site.lines, ...erase.lines.filter((line) => line.startsWith('{'))];
    expect(logLines.some((line) => line.includes('"event":"leads.erased"'))).toBe(true);
    for (const line of logLines)
      for (const trace of traces) expect(line, trace).not.toContain(trace);
  });
});
