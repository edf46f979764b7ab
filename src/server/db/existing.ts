import 'server-only';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { errorMessage } from '@/lib/errors';
import { serverEnv } from '@/server/env';
import { alive } from './embedded';

/**
 * Whether the database a command is pointed at exists, before it connects:
 * connecting to the embedded database creates one in any folder, so a command
 * given a mistyped DATA_DIR would otherwise work on a new, empty database
 * ("No leads yet") instead of saying that it found none.
 */

/** A URL fit to be printed: without its password. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(a URL that cannot be read)';
  }
}

/** What PGlite keeps in its folder once a database was created there. */
const createdMark = path.join('pglite', 'PG_VERSION');

function embeddedProblem(dataDir: string): string | undefined {
  const dir = path.resolve(/* turbopackIgnore: true */ dataDir);
  const advice =
    "Set DATA_DIR to the site's data folder (the one with pglite/ in it), or DATABASE_URL to its PostgreSQL database.";
  if (!existsSync(/* turbopackIgnore: true */ dir))
    return `There is no database in ${dir} (DATA_DIR): the folder does not exist. ${advice}`;
  if (!statSync(/* turbopackIgnore: true */ dir).isDirectory())
    return `There is no database in ${dir} (DATA_DIR): it is a file, not a folder. ${advice}`;
  if (existsSync(/* turbopackIgnore: true */ path.join(dir, createdMark))) return undefined;
  // A site starting for the first time is creating it right now: it will exist.
  try {
    const lock = JSON.parse(
      readFileSync(/* turbopackIgnore: true */ path.join(dir, 'pglite.lock'), 'utf8'),
    ) as { pid?: unknown };
    if (typeof lock.pid === 'number' && alive(lock.pid)) return undefined;
  } catch {
    // no lock, or not one of ours: nobody is creating a database there
  }
  return `There is no database in ${dir} (DATA_DIR): the folder has no embedded database of this site. ${advice}`;
}

async function postgresProblem(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    return `Cannot reach the database in DATABASE_URL (${shown(url)}): ${errorMessage(error)}. Check DATABASE_URL, or unset it to use the embedded database in DATA_DIR.`;
  }
  try {
    const { rows } = await client.query<{ migrated: boolean }>(
      `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS migrated`,
    );
    if (rows[0]?.migrated) return undefined;
    return `There is no database of this site in DATABASE_URL (${shown(url)}): it has none of the site's tables. Check DATABASE_URL, or create them with \`npm run db:migrate\`.`;
  } catch (error) {
    return `Cannot read the database in DATABASE_URL (${shown(url)}): ${errorMessage(error)}.`;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Why the database named by DATABASE_URL, else DATA_DIR, cannot be used as an
 * existing one (a sentence naming it and the variable), or undefined when it
 * can: PostgreSQL that answers and has the site's migrations, or a folder with
 * an embedded database in it (or one that a live site is creating). Creates
 * nothing.
 */
export async function missingDatabase(
  env: { DATABASE_URL?: string; DATA_DIR: string } = serverEnv(),
): Promise<string | undefined> {
  return env.DATABASE_URL ? postgresProblem(env.DATABASE_URL) : embeddedProblem(env.DATA_DIR);
}

/**
 * For a command that works on the site's data (leads, backup): stops the
 * process with the sentence of `missingDatabase` on stderr and exit code 2
 * when there is no such database, rather than create an empty one.
 */
export async function requireExistingDatabase(
  env: { DATABASE_URL?: string; DATA_DIR: string } = serverEnv(),
): Promise<void> {
  const problem = await missingDatabase(env);
  if (!problem) return;
  console.error(problem);
  process.exit(2);
}
