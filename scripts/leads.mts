/**
 * Leads from the command line, for the agency:
 *   npm run leads -- list [--limit N] [--spam]
 *   npm run leads -- show REFERENCE
 *   npm run leads -- export --format csv|json [--since YYYY-MM-DD]
 *   npm run leads -- release REFERENCE
 *   npm run leads -- retry-failed
 *   npm run leads -- purge --older-than DAYS
 * It uses DATABASE_URL, or the embedded database in DATA_DIR (shared with a running site).
 */
import { parseArgs } from 'node:util';
import { closeDb, getDb } from '@/server/db/client';
import { enabledChannels } from '@/server/delivery/wiring';
import { serverEnv } from '@/server/env';
import {
  exportLeads,
  findLead,
  leadSource,
  listLeads,
  purgeOlderThan,
  releaseFromSpam,
  retryFailed,
  toCsv,
} from '@/server/leads/admin';

const usage = `Usage:
  npm run leads -- list [--limit N] [--spam]   newest first; --spam: the requests kept as spam
  npm run leads -- show REFERENCE              everything about one request
  npm run leads -- export --format csv|json [--since YYYY-MM-DD]
  npm run leads -- release REFERENCE           a request kept as spam becomes a lead and is delivered
  npm run leads -- retry-failed                failed deliveries are tried again
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
    spam: { type: 'boolean' },
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
      const rows = await listLeads(await getDb(), {
        limit,
        status: values.spam ? 'spam' : undefined,
      });
      if (rows.length === 0)
        console.log(values.spam ? 'No requests kept as spam.' : 'No leads yet.');
      for (const row of rows) {
        const deliveries =
          row.deliveries.map((d) => `${d.channel}:${d.status}`).join(' ') || 'no delivery';
        const mark =
          row.status === 'spam'
            ? `spam:${row.spamReason ?? '?'}`
            : row.reviewReason
              ? `check:${row.reviewReason}`
              : row.status;
        console.log(
          [
            row.reference,
            row.createdAt.toISOString(),
            mark.padEnd(16),
            `${row.contactMethod.padEnd(8)} ${row.contactValue}`,
            row.language,
            `from ${leadSource(row)}`,
            deliveries,
          ].join('  '),
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
    case 'release': {
      if (!argument) fail('release needs a reference, e.g. npm run leads -- release K7M-4QZ');
      const channels = enabledChannels(serverEnv());
      const result = await releaseFromSpam(await getDb(), argument, channels);
      if (result.status === 'not-found') fail(`No lead ${argument}`);
      if (result.status === 'not-spam') {
        console.log(`${result.reference} is not kept as spam: nothing to release.`);
        break;
      }
      console.log(
        channels.length > 0
          ? `${result.reference} released: queued for ${channels.join(', ')}.`
          : `${result.reference} released. No delivery channel is configured, so it is not sent anywhere.`,
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
