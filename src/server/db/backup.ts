import 'server-only';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { chmod, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { is, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import * as schema from './schema';

/**
 * Backup and restore of the site's own tables, the same on PGlite and on
 * PostgreSQL: everything goes through the ordinary connection, so a backup of
 * the embedded database restores into PostgreSQL and back.
 *
 * A backup is a gzip'd file of JSON lines:
 *   1. a header: `{"format":"agency-site-backup","version":1,"createdAt":…,
 *      "database":"pglite"|"postgresql","migration":{…},"tables":{name:rows}}`;
 *   2. one line per row, `{"table":"leads","row":{…}}`, the row as PostgreSQL's
 *      row_to_json gives it (timestamps with their microseconds, JSON columns
 *      as JSON), tables in an order that restores without breaking a foreign key;
 *   3. a last line, `{"end":true,"rows":N}`, so that a file cut short is never
 *      taken for a smaller backup.
 * Everything is read in one REPEATABLE READ transaction: a lead stored while
 * the backup runs is either in it whole (with its consent record and jobs) or
 * not at all.
 */

export const backupFormat = 'agency-site-backup';
export const backupVersion = 1;

/** The migration a database's schema is at, as drizzle records it. */
export type MigrationMark = { createdAt: number; hash: string; tag: string | null };

export type BackupHeader = {
  format: typeof backupFormat;
  version: typeof backupVersion;
  createdAt: string;
  database: 'pglite' | 'postgresql';
  migration: MigrationMark;
  /** Rows per table. */
  tables: Record<string, number>;
};

export type BackupSummary = {
  file: string;
  bytes: number;
  header: BackupHeader;
};

/** A file that is not a backup of this site, or a damaged one. */
export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

/** A backup whose schema this version of the site cannot restore. */
export class BackupSchemaError extends Error {
  override name = 'BackupSchemaError';
}

/** A restore into a database that holds data, without `replace`. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
  constructor(readonly rows: Record<string, number>) {
    super(
      `The database already holds data (${describeCounts(rows)}). ` +
        'Run the restore again with --replace to delete it and load the backup in its place.',
    );
  }
}

/** "leads 3, consents 3": rows per table, for a message. */
export function describeCounts(rows: Record<string, number>): string {
  const parts = Object.entries(rows).map(([table, count]) => `${table} ${count}`);
  return parts.length > 0 ? parts.join(', ') : 'no tables';
}

// ---------------------------------------------------------------------------
// The schema: our tables, and the migrations that make them.

/**
 * The tables of schema.ts, each after the tables it refers to, so that rows
 * inserted in this order never break a foreign key. A table added to schema.ts
 * is backed up without a change here.
 */
export function ourTables(): string[] {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
    is(value, PgTable),
  );
  const dependsOn = new Map<string, string[]>();
  for (const table of tables) {
    const config = getTableConfig(table);
    dependsOn.set(
      config.name,
      config.foreignKeys
        .map((key) => getTableConfig(key.reference().foreignTable).name)
        .filter((name) => name !== config.name),
    );
  }
  const ordered: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (ordered.includes(name)) return;
    if (path.includes(name))
      throw new Error(`Foreign keys form a cycle: ${[...path, name].join(' → ')}`);
    for (const parent of dependsOn.get(name) ?? []) visit(parent, [...path, name]);
    ordered.push(name);
  };
  for (const name of [...dependsOn.keys()].sort()) visit(name, []);
  return ordered;
}

type CodeMigration = MigrationMark & { statements: string[] };

/** The migrations in drizzle/ (the folder the site migrates from), oldest first. */
export function codeMigrations(folder = path.join(process.cwd(), 'drizzle')): CodeMigration[] {
  const files = readMigrationFiles({ migrationsFolder: folder });
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return files.map((file) => ({
    createdAt: file.folderMillis,
    hash: file.hash,
    tag: journal.entries.find((entry) => entry.when === file.folderMillis)?.tag ?? null,
    statements: file.sql.filter((statement) => statement.trim() !== ''),
  }));
}

function describeMigration(mark: MigrationMark): string {
  const when = new Date(mark.createdAt).toISOString().slice(0, 10);
  return mark.tag ? `${mark.tag} (${when})` : `the migration of ${when}`;
}

type Executor = Pick<Database, 'execute'>;
const ident = (name: string) => sql.identifier(name);

async function lastApplied(db: Executor): Promise<MigrationMark | undefined> {
  const exists = await db.execute<{ present: boolean }>(
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!exists.rows[0]?.present) return undefined;
  const { rows } = await db.execute<{ hash: string; created_at: string }>(
    sql`SELECT hash, created_at::text AS created_at FROM drizzle.__drizzle_migrations
        ORDER BY created_at DESC LIMIT 1`,
  );
  const row = rows[0];
  if (!row) return undefined;
  const createdAt = Number(row.created_at);
  const known = codeMigrations().find((migration) => migration.createdAt === createdAt);
  return { createdAt, hash: row.hash, tag: known?.tag ?? null };
}

async function tableExists(db: Executor, name: string): Promise<boolean> {
  const { rows } = await db.execute<{ present: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_name = ${name}) AS present`,
  );
  return rows[0]?.present === true;
}

async function rowCount(db: Executor, name: string): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(
    sql`SELECT count(*)::text AS n FROM ${ident(name)}`,
  );
  return Number(rows[0]?.n ?? 0);
}

// ---------------------------------------------------------------------------
// Writing a backup.

/** Rows fetched from the cursor at a time: bounded memory on a large table. */
const fetchSize = 500;

/**
 * Writes a backup of every table of ours to `file`: first to `file.partial`
 * (owner-only: it holds personal data), flushed to disk, then renamed, so a
 * file with the final name is always complete.
 */
export async function writeBackup(
  db: Database,
  file: string,
  { database, now = new Date() }: { database: BackupHeader['database']; now?: Date },
): Promise<BackupSummary> {
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  await rm(partial, { force: true });
  let header: BackupHeader | undefined;
  try {
    const tables = ourTables();
    await db.transaction(
      async (tx) => {
        const migration = await lastApplied(tx);
        if (!migration)
          throw new Error(
            'The database has no schema yet (no migration applied): nothing to back up',
          );
        const counts: Record<string, number> = {};
        for (const table of tables) counts[table] = await rowCount(tx, table);
        const head: BackupHeader = {
          format: backupFormat,
          version: backupVersion,
          createdAt: now.toISOString(),
          database,
          migration,
          tables: counts,
        };
        header = head;
        async function* lines(): AsyncGenerator<string> {
          yield `${JSON.stringify(head)}\n`;
          let total = 0;
          for (const table of tables) {
            let written = 0;
            await tx.execute(
              sql`DECLARE agency_backup NO SCROLL CURSOR FOR
                  SELECT row_to_json(t)::text AS row FROM ${ident(table)} t`,
            );
            for (;;) {
              const { rows } = await tx.execute<{ row: string }>(
                sql.raw(`FETCH FORWARD ${fetchSize} FROM agency_backup`),
              );
              if (rows.length === 0) break;
              written += rows.length;
              const prefix = `{"table":${JSON.stringify(table)},"row":`;
              yield rows.map(({ row }) => `${prefix}${row}}\n`).join('');
            }
            await tx.execute(sql`CLOSE agency_backup`);
            // One snapshot throughout: a difference would be a bug, never a busy site.
            if (written !== counts[table])
              throw new Error(`${table}: counted ${counts[table]} rows but read ${written}`);
            total += written;
          }
          yield `${JSON.stringify({ end: true, rows: total })}\n`;
        }
        // Owner-only from its creation (it holds personal data); flushed to
        // disk before it is closed, so the rename below publishes a whole file.
        const out = createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true });
        await pipeline(Readable.from(lines()), createGzip(), out);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // The mode given at creation is narrowed by the umask, never widened; set it outright.
    await chmod(partial, 0o600);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, target);
  await syncFolder(path.dirname(target));
  return { file: target, bytes: (await stat(target)).size, header: header! };
}

/** Makes a rename in `dir` durable (the folder's entry, not only the file's bytes). */
async function syncFolder(dir: string) {
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } catch {
    // Some file systems cannot sync a folder; the file itself is synced already.
  } finally {
    await folder.close();
  }
}

/** The backups `--dir` writes and prunes: `agency-20261127T230814.123Z.backup.gz` (UTC). */
export const backupFilePattern = /^agency-\d{8}T\d{6}\.\d{3}Z\.backup\.gz$/;

export function backupFileName(now: Date): string {
  return `agency-${now.toISOString().replace(/[-:]/g, '')}.backup.gz`;
}

/**
 * A backup into `dir` named by the time, then the oldest backups beyond `keep`
 * removed (only files named as these backups are; anything else is left alone).
 */
export async function backupToFolder(
  db: Database,
  dir: string,
  {
    keep,
    database,
    now = new Date(),
  }: { keep: number; database: BackupHeader['database']; now?: Date },
): Promise<BackupSummary & { removed: string[] }> {
  const folder = path.resolve(dir);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const summary = await writeBackup(db, path.join(folder, backupFileName(now)), { database, now });
  const backups = (await readdir(folder)).filter((name) => backupFilePattern.test(name)).sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of removed) await rm(path.join(folder, name), { force: true });
  return { ...summary, removed: removed.map((name) => path.join(folder, name)) };
}

/** Removes what an interrupted `--dir` backup left behind (`*.backup.gz.partial`). */
export async function removeLeftovers(dir: string): Promise<string[]> {
  const folder = path.resolve(dir);
  const names = await readdir(folder).catch(() => [] as string[]);
  const leftovers = names.filter(
    (name) =>
      name.endsWith('.partial') && backupFilePattern.test(name.slice(0, -'.partial'.length)),
  );
  for (const name of leftovers) await rm(path.join(folder, name), { force: true });
  return leftovers;
}

// ---------------------------------------------------------------------------
// Reading a backup.

type BackupLine = { table: string; row: Record<string, unknown> };

const tableName = /^[a-z_][a-z0-9_]*$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkHeader(value: unknown, file: string): BackupHeader {
  const notBackup = `${file} is not a backup of this site: its first line is not a backup header`;
  if (!isRecord(value) || value.format !== backupFormat) throw new BackupFileError(notBackup);
  if (value.version !== backupVersion)
    throw new BackupFileError(
      `${file} is a backup in format version ${String(value.version)}; this version of the site reads version ${backupVersion}`,
    );
  const migration = value.migration;
  const tables = value.tables;
  const valid =
    typeof value.createdAt === 'string' &&
    !Number.isNaN(Date.parse(value.createdAt)) &&
    (value.database === 'pglite' || value.database === 'postgresql') &&
    isRecord(migration) &&
    typeof migration.createdAt === 'number' &&
    typeof migration.hash === 'string' &&
    isRecord(tables) &&
    Object.entries(tables).every(
      ([name, count]) => tableName.test(name) && Number.isSafeInteger(count) && Number(count) >= 0,
    );
  if (!valid) throw new BackupFileError(`${file} has a damaged backup header`);
  return value as BackupHeader;
}

/** Lines of a gzip'd file, with a clear error for a file that is not gzip or is cut short. */
async function* fileLines(file: string): AsyncGenerator<string> {
  let first: Buffer;
  try {
    const handle = await open(file, 'r');
    try {
      first = Buffer.alloc(2);
      const { bytesRead } = await handle.read(first, 0, 2, 0);
      first = first.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupFileError(`No such file: ${file}`);
    if (code === 'EISDIR') throw new BackupFileError(`${file} is a folder, not a backup file`);
    throw error;
  }
  if (first.length < 2 || first[0] !== 0x1f || first[1] !== 0x8b)
    throw new BackupFileError(`${file} is not a backup of this site: it is not a gzip file`);
  const gunzip = createGunzip();
  const source = createReadStream(file).pipe(gunzip);
  const lines = createInterface({ input: source, crlfDelay: Infinity });
  try {
    for await (const line of lines) yield line;
  } catch (error) {
    throw new BackupFileError(
      `${file} is truncated or damaged (${(error as Error).message}); it cannot be restored`,
    );
  } finally {
    lines.close();
    source.destroy();
  }
}

function parseLine(line: string, number: number, file: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new BackupFileError(`${file} is damaged: line ${number} is not valid JSON`);
  }
}

/**
 * Reads the whole file once and checks it: the header, every line, the row
 * counts against the header's, and the last line. Nothing is written anywhere.
 */
export async function verifyBackup(file: string): Promise<BackupHeader> {
  let header: BackupHeader | undefined;
  let ended = false;
  let number = 0;
  const counts = new Map<string, number>();
  let total = 0;
  for await (const line of fileLines(file)) {
    number += 1;
    if (number === 1) {
      header = checkHeader(parseLine(line, number, file), file);
      continue;
    }
    if (line === '') continue;
    if (ended)
      throw new BackupFileError(`${file} is damaged: line ${number} follows the end marker`);
    const value = parseLine(line, number, file);
    if (isRecord(value) && value.end === true) {
      if (value.rows !== total)
        throw new BackupFileError(
          `${file} is damaged: its end marker counts ${String(value.rows)} rows, the file holds ${total}`,
        );
      ended = true;
      continue;
    }
    if (!isRecord(value) || typeof value.table !== 'string' || !isRecord(value.row))
      throw new BackupFileError(`${file} is damaged: line ${number} is not a row of a table`);
    if (!(value.table in header!.tables))
      throw new BackupFileError(
        `${file} is damaged: line ${number} is a row of "${value.table}", a table its header does not list`,
      );
    counts.set(value.table, (counts.get(value.table) ?? 0) + 1);
    total += 1;
  }
  if (!header) throw new BackupFileError(`${file} is not a backup of this site: it is empty`);
  if (!ended)
    throw new BackupFileError(
      `${file} is truncated: it ends before the backup does (no end marker after ${total} rows)`,
    );
  for (const [table, expected] of Object.entries(header.tables)) {
    const found = counts.get(table) ?? 0;
    if (found !== expected)
      throw new BackupFileError(
        `${file} is damaged: its header counts ${expected} rows of ${table}, the file holds ${found}`,
      );
  }
  return header;
}

async function* backupRows(file: string): AsyncGenerator<BackupLine> {
  let number = 0;
  for await (const line of fileLines(file)) {
    number += 1;
    if (number === 1 || line === '') continue;
    const value = parseLine(line, number, file) as BackupLine | { end: true };
    if ('end' in value) return;
    yield value;
  }
}

// ---------------------------------------------------------------------------
// Restoring.

export type RestoreSummary = {
  header: BackupHeader;
  /** Rows deleted first (with `replace`), per table. */
  replaced: Record<string, number>;
  /** When the backup's schema was older: the migrations applied after loading it. */
  migrated: string[];
};

/** The same number client.ts serialises migrations with: a restore is a migration too. */
const migrationLockId = 727_001;
/** Rows inserted per statement. */
const insertBatch = 500;

async function applyMigrations(db: Executor, migrations: CodeMigration[]) {
  await db.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (
          id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  for (const migration of migrations) {
    for (const statement of migration.statements) await db.execute(sql.raw(statement));
    await db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at)
          VALUES (${migration.hash}, ${migration.createdAt})`,
    );
  }
}

/** Moves every serial sequence of `table` past the largest value restored. */
async function resetSequences(db: Executor, table: string) {
  const { rows } = await db.execute<{ column_name: string; sequence: string | null }>(
    sql`SELECT column_name, pg_get_serial_sequence(format('%I', table_name), column_name) AS sequence
        FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = ${table}`,
  );
  for (const { column_name: column, sequence } of rows) {
    if (!sequence) continue;
    await db.execute(
      sql`SELECT setval(${sequence}, COALESCE((SELECT max(${ident(column)}) FROM ${ident(table)}), 0) + 1, false)`,
    );
  }
}

/**
 * Loads a backup into `db` in one transaction: into a database with no rows in
 * our tables, or, with `replace`, in place of everything in them. A backup from
 * an older schema is loaded into that schema (our tables are made again by the
 * migrations up to the backup's) and then migrated to this version's; one from
 * a newer schema is refused. On any error, nothing has changed.
 */
export async function restoreBackup(
  db: Database,
  file: string,
  { replace = false, verified }: { replace?: boolean; verified?: BackupHeader } = {},
): Promise<RestoreSummary> {
  const header = verified ?? (await verifyBackup(file));
  const migrations = codeMigrations();
  const latest = migrations.at(-1);
  const level = migrations.findIndex((m) => m.createdAt === header.migration.createdAt);
  if (level === -1) {
    const backupSchema = describeMigration(header.migration);
    if (!latest || header.migration.createdAt > latest.createdAt)
      throw new BackupSchemaError(
        `The backup was made by a newer version of the site (its schema is at ${backupSchema}; ` +
          `this version knows migrations up to ${latest ? describeMigration(latest) : 'none'}). ` +
          'Restore it with the version that made it, or a newer one.',
      );
    throw new BackupSchemaError(
      `The backup's schema (${backupSchema}) is not one of this version's migrations; it cannot be restored safely`,
    );
  }

  return db.transaction(async (tx) => {
    // No instance migrates the schema while it is being replaced.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${migrationLockId})`);
    const current = await lastApplied(tx);
    const currentLevel = current
      ? migrations.findIndex((m) => m.createdAt === current.createdAt)
      : -1;
    if (current && currentLevel === -1)
      throw new BackupSchemaError(
        `The database's schema (${describeMigration(current)}) is newer than this version of the site: restore with the version that migrated it`,
      );

    const present: string[] = [];
    for (const table of new Set([...ourTables(), ...Object.keys(header.tables)]))
      if (await tableExists(tx, table)) present.push(table);
    const existing: Record<string, number> = {};
    for (const table of present) existing[table] = await rowCount(tx, table);
    const holding = Object.fromEntries(Object.entries(existing).filter(([, n]) => n > 0));
    if (Object.keys(holding).length > 0 && !replace) throw new RestoreRefusedError(holding);

    if (currentLevel === level) {
      if (present.length > 0)
        await tx.execute(sql`TRUNCATE ${sql.join(present.map(ident), sql`, `)}`);
    } else {
      // The backup's schema differs from the database's: our tables are made
      // again as the migrations up to the backup's made them.
      for (const table of present) await tx.execute(sql`DROP TABLE ${ident(table)} CASCADE`);
      if (current) await tx.execute(sql`DELETE FROM drizzle.__drizzle_migrations`);
      await applyMigrations(tx, migrations.slice(0, level + 1));
    }

    const columns = new Map<string, Set<string>>();
    const columnsOf = async (table: string) => {
      let known = columns.get(table);
      if (!known) {
        const { rows } = await tx.execute<{ column_name: string }>(
          sql`SELECT column_name FROM information_schema.columns
              WHERE table_schema = current_schema() AND table_name = ${table}`,
        );
        if (rows.length === 0)
          throw new BackupSchemaError(
            `The backup holds rows of "${table}", a table its schema's migrations do not make`,
          );
        known = new Set(rows.map((row) => row.column_name));
        columns.set(table, known);
      }
      return known;
    };
    let batch: Record<string, unknown>[] = [];
    let batchTable = '';
    const flush = async () => {
      if (batch.length === 0) return;
      await tx.execute(
        sql`INSERT INTO ${ident(batchTable)}
            SELECT * FROM json_populate_recordset(NULL::${ident(batchTable)}, ${JSON.stringify(batch)}::json)`,
      );
      batch = [];
    };
    for await (const { table, row } of backupRows(file)) {
      if (table !== batchTable || batch.length >= insertBatch) {
        await flush();
        batchTable = table;
      }
      const known = await columnsOf(table);
      for (const column of Object.keys(row))
        if (!known.has(column))
          throw new BackupSchemaError(
            `The backup's rows of ${table} have a column "${column}" that its schema does not have`,
          );
      batch.push(row);
    }
    await flush();
    for (const table of Object.keys(header.tables)) await resetSequences(tx, table);

    const later = migrations.slice(level + 1);
    if (later.length > 0) await applyMigrations(tx, later);
    return {
      header,
      replaced: holding,
      migrated: later.map((m) => describeMigration(m)),
    };
  });
}
