/**
 * Leads from the command line, for the agency:
 *   npm run leads -- list [--limit N]
 *   npm run leads -- show REFERENCE
 *   npm run leads -- export --format csv|json [--since YYYY-MM-DD]
 *   npm run leads -- retry-failed
 *   npm run leads -- purge --older-than DAYS
 * It uses DATABASE_URL, or the embedded database in DATA_DIR (shared with a running site).
 */
import { parseArgs } from 'node:util';
import { closeDb, getDb } from '@/server/db/client';
import {
  exportLeads,
  findLead,
  listLeads,
  purgeOlderThan,
  retryFailed,
  toCsv,
} from '@/server/leads/admin';

const usage = `Usage:
  npm run leads -- list [--limit N]
  npm run leads -- show REFERENCE
  npm run leads -- export --format csv|json [--since YYYY-MM-DD]
  npm run leads -- retry-failed
  npm run leads -- purge --older-than DAYS`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    format: { type: 'string' },
    since: { type: 'string' },
    limit: { type: 'string' },
    'older-than': { type: 'string' },
  },
});
const [command, argument] = positionals;

function sinceDate(): Date | undefined {
  if (!values.since) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.since) || Number.isNaN(Date.parse(values.since)))
    fail(`--since must be a date like 2026-11-01, not "${values.since}"`);
  return new Date(`${values.since}T00:00:00Z`);
}

try {
  switch (command) {
    case 'list': {
      const limit = values.limit ? Number(values.limit) : 50;
      if (!Number.isInteger(limit) || limit < 1) fail('--limit must be a positive whole number');
      const rows = await listLeads(await getDb(), { limit });
      if (rows.length === 0) console.log('No leads yet.');
      for (const row of rows) {
        const deliveries =
          row.deliveries.map((d) => `${d.channel}:${d.status}`).join(' ') || 'no delivery';
        console.log(
          `${row.reference}  ${row.createdAt.toISOString()}  ${row.status.padEnd(4)}  ${row.contactMethod.padEnd(8)} ${row.contactValue}  ${row.language}  ${deliveries}`,
        );
      }
      break;
    }
    case 'show': {
      if (!argument) fail('show needs a reference, e.g. npm run leads -- show K7M-4QZ');
      const lead = await findLead(await getDb(), argument);
      if (!lead) fail(`No lead ${argument}`);
      console.log(JSON.stringify(lead, null, 2));
      break;
    }
    case 'export': {
      if (values.format !== 'csv' && values.format !== 'json')
        fail('export needs --format csv or --format json');
      const rows = await exportLeads(await getDb(), { since: sinceDate() });
      process.stdout.write(
        values.format === 'csv' ? toCsv(rows) : `${JSON.stringify(rows, null, 2)}\n`,
      );
      break;
    }
    case 'retry-failed': {
      const count = await retryFailed(await getDb());
      console.log(`${count} failed ${count === 1 ? 'delivery' : 'deliveries'} queued again.`);
      break;
    }
    case 'purge': {
      const days = Number(values['older-than']);
      if (!values['older-than'] || !Number.isInteger(days) || days < 1)
        fail('purge needs --older-than DAYS, a positive whole number');
      const result = await purgeOlderThan(await getDb(), days);
      console.log(
        `Deleted ${result.leads} leads older than ${days} days (with their consent records and deliveries) and ${result.rateLimitEntries} rate-limit entries older than a day.`,
      );
      break;
    }
    default:
      fail(command ? `Unknown command "${command}"` : 'No command given');
  }
} finally {
  await closeDb();
}
