/**
 * Loads a backup made by `npm run backup` into the database named by
 * DATABASE_URL, or the embedded one in DATA_DIR (made if there is none yet):
 *
 *   npm run restore -- FILE              into a database with no rows in the site's tables
 *   npm run restore -- FILE --replace    deleting what the database holds first
 *
 * The whole restore is one transaction: it is all there, or nothing changed.
 * In the container: `node dist/restore.mjs …`. Details: src/server/db/backup.ts.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  BackupFileError,
  BackupSchemaError,
  describeCounts,
  RestoreRefusedError,
  restoreBackup,
  verifyBackup,
} from '@/server/db/backup';
import { closeDb, getConnection } from '@/server/db/client';
import { serverEnv } from '@/server/env';
import { errorDetails } from '@/server/log';

const usage = `Usage:
  npm run restore -- FILE              load a backup into an empty database
  npm run restore -- FILE --replace    delete what the database holds and load the backup instead
It restores into DATABASE_URL, or the embedded database in DATA_DIR.`;

function fail(message: string, withUsage = true): never {
  console.error(withUsage ? `${message}\n\n${usage}` : message);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { replace: { type: 'boolean' } } });
} catch (error) {
  fail((error as Error).message);
}
const { positionals, values } = parsed;
if (positionals.length === 0) fail('Which backup? Give its FILE');
if (positionals.length > 1) fail(`One file at a time, not ${positionals.length}`);
const file = path.resolve(positionals[0]!);

// The file is read and checked whole before the database is opened: a file
// that is not a backup leaves the database (and a missing data folder) as it was.
let header;
try {
  header = await verifyBackup(file);
} catch (error) {
  if (error instanceof BackupFileError) fail(error.message, false);
  throw error;
}

const env = serverEnv();
const target = env.DATABASE_URL
  ? 'the PostgreSQL database of DATABASE_URL'
  : `the embedded database in ${path.resolve(env.DATA_DIR)}`;
let code = 0;
try {
  const connection = await getConnection();
  const summary = await restoreBackup(connection.db, file, {
    replace: values.replace === true,
    verified: header,
  });
  const replaced =
    Object.keys(summary.replaced).length > 0
      ? ` It replaced what was there (${describeCounts(summary.replaced)}).`
      : '';
  const migrated =
    summary.migrated.length > 0
      ? ` The schema was then migrated to this version (${summary.migrated.join(', ')}).`
      : '';
  console.log(
    `Restored ${file} (made ${header.createdAt} on ${header.database}; ${describeCounts(header.tables)}) into ${target}.${replaced}${migrated}`,
  );
} catch (error) {
  if (error instanceof RestoreRefusedError || error instanceof BackupSchemaError) {
    console.error(`Nothing was restored into ${target}. ${error.message}`);
    code = 2;
  } else if (error instanceof BackupFileError) {
    console.error(`Nothing was restored: ${error.message}`);
    code = 2;
  } else {
    console.error(`Nothing was restored: ${errorDetails(error).error}`);
    code = 1;
  }
} finally {
  await closeDb();
}
process.exit(code);
