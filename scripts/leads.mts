/**
 * Leads from the command line, for the agency:
 *   npm run leads -- list [--limit N] [--spam]
 *   npm run leads -- show REFERENCE
 *   npm run leads -- export --format csv|json [--since YYYY-MM-DD]
 *   npm run leads -- release REFERENCE
 *   npm run leads -- retry-failed
 *   npm run leads -- status
 *   npm run leads -- purge --older-than DAYS
 *   npm run leads -- erase CONTACT
 * It uses DATABASE_URL, or the embedded database in DATA_DIR (shared with a running site).
 */
import { parseArgs } from 'node:util';
import { closeDb, getDb } from '@/server/db/client';
import { requireExistingDatabase } from '@/server/db/existing';
import { statusReport } from '@/server/delivery/health';
import { enabledChannels } from '@/server/delivery/wiring';
import { serverEnv } from '@/server/env';
import {
  eraseContact,
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
  npm run leads -- status                      delivery health: waiting, failing, given up, open alerts
  npm run leads -- purge --older-than DAYS
  npm run leads -- erase CONTACT               every request of one person (phone, e-mail or @username), on their request`;

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

// A data folder or database the site has never used is named, not created empty.
await requireExistingDatabase();
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
    case 'status': {
      const report = await statusReport(getDb, serverEnv());
      console.log(report.lines.join('\n'));
      process.exitCode = report.exitCode;
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
    case 'erase': {
      // A phone number typed with spaces arrives as several arguments: they are one contact.
      const contact = positionals.slice(1).join(' ');
      if (!contact) fail('erase needs a contact, e.g. npm run leads -- erase +77011234567');
      const result = await eraseContact(await getDb(), contact);
      if (result.status === 'invalid')
        fail('erase needs a phone number, an e-mail address or a Telegram @username');
      if (result.status === 'ambiguous')
        fail(
          `That number reads as ${result.numbers.join(' or ')} depending on the country: give it with its country code`,
        );
      if (result.status === 'no-match') {
        console.log('No request has that contact: nothing was removed.');
        process.exitCode = 1;
        break;
      }
      const n = result.references.length;
      console.log(
        `Erased ${n} ${n === 1 ? 'request' : 'requests'}: ${result.references.join(', ')}`,
      );
      console.log(
        `Rows removed: ${Object.entries(result.removed)
          .filter(([, c]) => c > 0)
          .map(([t, c]) => `${t} ${c}`)
          .join(', ')}`,
      );
      if (result.deliveredTo.length > 0)
        console.log(
          `Already delivered to ${result.deliveredTo.join(', ')}: delete the copies there too.`,
        );
      break;
    }
    default:
      fail(command ? `Unknown command "${command}"` : 'No command given');
  }
} finally {
  await closeDb();
}
