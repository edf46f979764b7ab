/**
 * A consistent copy of the site's database (the embedded one in DATA_DIR, or
 * PostgreSQL in DATABASE_URL), taken while the site runs:
 *
 *   npm run backup -- FILE                      one backup, to FILE
 *   npm run backup -- --dir DIR [--keep N]      to DIR/agency-<UTC time>.backup.gz,
 *                                               keeping the newest N (14)
 *   npm run backup -- --dir DIR --every-hours H the same now and every H hours,
 *                                               until SIGTERM or SIGINT
 *
 * In the container: `node dist/backup.mjs …`. `npm run restore` loads a backup.
 * Format and guarantees: src/server/db/backup.ts.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupToFolder, describeCounts, removeLeftovers, writeBackup } from '@/server/db/backup';
import { closeDb, getConnection } from '@/server/db/client';
import { missingDatabase } from '@/server/db/existing';
import { serverEnv } from '@/server/env';
import { errorDetails, logger } from '@/server/log';

const usage = `Usage:
  npm run backup -- FILE                          write one backup to FILE
  npm run backup -- --dir DIR [--keep N]          write DIR/agency-<UTC time>.backup.gz, keep the newest N (default 14)
  npm run backup -- --dir DIR [--keep N] --every-hours H
                                                  the same now and then every H hours, until stopped
It backs up DATABASE_URL, or the embedded database in DATA_DIR.`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      dir: { type: 'string' },
      keep: { type: 'string' },
      'every-hours': { type: 'string' },
    },
  });
} catch (error) {
  fail((error as Error).message);
}
const { positionals, values } = parsed;

if (positionals.length > 1) fail(`One file at a time, not ${positionals.length}`);
const file = positionals[0];
if (file && values.dir) fail('Give either FILE or --dir DIR, not both');
if (!file && !values.dir) fail('Where to? Give a FILE or --dir DIR');
if (!values.dir && (values.keep !== undefined || values['every-hours'] !== undefined))
  fail('--keep and --every-hours go with --dir DIR');
const keep = values.keep === undefined ? 14 : Number(values.keep);
if (!Number.isInteger(keep) || keep < 1) fail('--keep must be a whole number, 1 or more');
const everyHours = values['every-hours'] === undefined ? undefined : Number(values['every-hours']);
if (everyHours !== undefined && !(Number.isFinite(everyHours) && everyHours > 0))
  fail('--every-hours must be a number of hours greater than 0');
if (file) {
  const folder = path.dirname(path.resolve(file));
  if (!existsSync(folder)) fail(`The folder ${folder} does not exist`);
  if (existsSync(file) && statSync(file).isDirectory())
    fail(`${file} is a folder: give a file name, or --dir ${file}`);
}

const env = serverEnv();

/** A mistake of the operator's (a setting), as opposed to a failure of the backup. */
class UsageError extends Error {}

/**
 * A backup of nothing is an error: a mistyped DATA_DIR or DATABASE_URL must not
 * make a new, empty database and back that up.
 */
async function checkDatabaseExists() {
  const problem = await missingDatabase(env);
  if (problem) throw new UsageError(`${problem} Nothing was backed up.`);
}

function kilobytes(bytes: number) {
  return bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(1)} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** One backup, reported in one line; the connection is held only while it runs. */
async function backupOnce() {
  await checkDatabaseExists();
  try {
    const connection = await getConnection();
    const database = connection.embedded ? 'pglite' : 'postgresql';
    if (file) {
      const summary = await writeBackup(connection.db, file, { database });
      console.log(
        `Backup written: ${summary.file} (${kilobytes(summary.bytes)}; ${describeCounts(summary.header.tables)})`,
      );
    } else {
      const summary = await backupToFolder(connection.db, values.dir!, { keep, database });
      const pruned =
        summary.removed.length > 0
          ? `; removed ${summary.removed.length} older ${summary.removed.length === 1 ? 'backup' : 'backups'} beyond ${keep}`
          : '';
      console.log(
        `Backup written: ${summary.file} (${kilobytes(summary.bytes)}; ${describeCounts(summary.header.tables)})${pruned}`,
      );
    }
  } finally {
    await closeDb();
  }
}

const minutes = (ms: number) =>
  ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`;

function explain(error: unknown): string {
  return error instanceof UsageError
    ? error.message
    : `Backup failed: ${errorDetails(error).error}`;
}

if (everyHours === undefined) {
  try {
    await backupOnce();
  } catch (error) {
    console.error(explain(error));
    process.exit(error instanceof UsageError ? 2 : 1);
  }
} else {
  // A loop for a container: a backup now, then every H hours. A failed backup
  // is reported and tried again after an hour (or H, if shorter); SIGTERM or
  // SIGINT ends the loop once the backup in hand (if any) is complete, with
  // exit code 0.
  let stopping = false;
  let wake: (() => void) | undefined;
  const stop = (signal: string) => {
    if (stopping) process.exit(1); // a second signal: stop now
    stopping = true;
    logger.info({ event: 'backup.stop', signal }, 'stopping the backup loop');
    wake?.();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  const leftovers = await removeLeftovers(values.dir!);
  if (leftovers.length > 0)
    console.log(`Removed ${leftovers.length} unfinished backup file(s) left by an interrupted run`);
  const intervalMs = everyHours * 60 * 60 * 1000;
  const retryMs = 60 * 60 * 1000;
  while (!stopping) {
    const started = Date.now();
    let wait = intervalMs;
    try {
      await backupOnce();
    } catch (error) {
      console.error(`${explain(error)} Trying again in ${minutes(Math.min(intervalMs, retryMs))}.`);
      logger.error({ event: 'backup.failed', ...errorDetails(error) }, 'backup failed');
      // The database may just not be up yet (a first start): a day is too long to wait.
      wait = Math.min(intervalMs, retryMs);
    }
    const next = started + wait;
    while (!stopping && Date.now() < next) {
      // setTimeout takes at most 2^31-1 ms (about 24 days): a longer wait is taken in steps.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(next - Date.now(), 2 ** 31 - 1));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }
  process.exit(0);
}
