import 'server-only';
import { and, count, desc, eq, gte, inArray, is, isNotNull, lt, or, sql } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { langCodes } from '@/i18n/locales';
import { describeTouch } from '@/lib/attribution/describe';
import type { Attribution, Touch } from '@/lib/attribution/touch';
import { normalizeEmail, normalizePhone, normalizeTelegram } from '@/lib/consultation/schema';
import { cleanText } from '@/lib/text/clean';
import type { Database } from '@/server/db/client';
import * as schema from '@/server/db/schema';
import { consents, leads, notificationSends, outboxJobs, submissionHits } from '@/server/db/schema';
import type { Channel } from '@/server/delivery/types';
import { logger } from '@/server/log';

/** The agency's tools for leads: list, look up, export, re-send, release from spam, purge. */

export type LeadRow = typeof leads.$inferSelect & {
  deliveries: {
    channel: string;
    status: string;
    attempts: number;
    lastError: string | null;
    externalId: string | null;
    summarized: boolean;
  }[];
};

async function withDeliveries(
  db: Database,
  rows: (typeof leads.$inferSelect)[],
): Promise<LeadRow[]> {
  if (rows.length === 0) return [];
  const jobs = await db
    .select()
    .from(outboxJobs)
    .where(
      inArray(
        outboxJobs.leadId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    ...row,
    deliveries: jobs
      .filter((job) => job.leadId === row.id)
      .map((job) => ({
        // A booked call's or a won deal's job beside the request's: telegram/booking.
        channel: job.kind === 'lead' ? job.channel : `${job.channel}/${job.kind}`,
        status: job.status,
        attempts: job.attempts,
        lastError: job.lastError,
        externalId: job.externalId,
        summarized: job.summaryId !== null,
      })),
  }));
}

export async function listLeads(
  db: Database,
  {
    limit = 50,
    since,
    status,
  }: { limit?: number; since?: Date; status?: (typeof leads.$inferSelect)['status'] } = {},
) {
  const rows = await db
    .select()
    .from(leads)
    .where(
      and(
        since ? gte(leads.createdAt, since) : undefined,
        status ? eq(leads.status, status) : undefined,
      ),
    )
    .orderBy(desc(leads.createdAt))
    .limit(limit);
  return withDeliveries(db, rows);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function byReferenceOrId(id: string) {
  return uuidPattern.test(id) ? eq(leads.id, id) : eq(leads.reference, id.trim().toUpperCase());
}

/** By reference ("K7M-4QZ", any case) or id. */
export async function findLead(db: Database, id: string) {
  const [row] = await db.select().from(leads).where(byReferenceOrId(id));
  if (!row) return undefined;
  const [lead] = await withDeliveries(db, [row]);
  const [consent] = await db.select().from(consents).where(eq(consents.leadId, row.id));
  return { ...lead!, consent };
}

export async function exportLeads(db: Database, { since }: { since?: Date } = {}) {
  const rows = await db
    .select()
    .from(leads)
    .where(since ? gte(leads.createdAt, since) : undefined)
    .orderBy(leads.createdAt);
  return withDeliveries(db, rows);
}

/** Where a lead came from, in one short phrase: the last touch, e.g. "google / cpc / spring". */
export function leadSource(row: Pick<LeadRow, 'attribution'>): string {
  const attribution = row.attribution as Attribution | null;
  return attribution?.last ? describeTouch(attribution.last) : 'unknown';
}

const touchColumns = [
  'source',
  'medium',
  'campaign',
  'term',
  'content',
  'gclid',
  'yclid',
  'fbclid',
  'referrer',
  'landingPage',
  'at',
] as const satisfies readonly (keyof Touch)[];

const csvColumns = [
  'reference',
  'createdAt',
  'status',
  'reviewReason',
  'kind',
  'contactMethod',
  'contactValue',
  'name',
  'message',
  'budget',
  'contactTime',
  'timeZone',
  'language',
  'page',
  'estimate',
  ...touchColumns.map((column) => `first.${column}` as const),
  ...touchColumns.map((column) => `last.${column}` as const),
  'deliveries',
] as const;

/** A value as the text of a cell: dates in ISO form, objects as JSON, nothing as empty. */
function cellText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return '';
}

function csvCell(value: unknown): string {
  let text = cellText(value);
  // A cell a spreadsheet would run as a formula is written as text.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvValue(row: LeadRow, column: (typeof csvColumns)[number]): unknown {
  if (column === 'deliveries')
    return row.deliveries.map((d) => `${d.channel}:${d.status}`).join(' ');
  if (column.startsWith('first.') || column.startsWith('last.')) {
    const [touch, key] = column.split('.') as ['first' | 'last', keyof Touch];
    return (row.attribution as Attribution | null)?.[touch]?.[key];
  }
  return row[column as keyof typeof leads.$inferSelect];
}

export function toCsv(rows: LeadRow[]): string {
  const lines = rows.map((row) =>
    csvColumns.map((column) => csvCell(csvValue(row, column))).join(','),
  );
  return [csvColumns.join(','), ...lines].join('\n') + '\n';
}

/** Puts failed deliveries back in the queue, to be tried again from the first attempt. */
export async function retryFailed(db: Database): Promise<number> {
  const updated = await db
    .update(outboxJobs)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lastError: null })
    .where(eq(outboxJobs.status, 'failed'))
    .returning({ id: outboxJobs.id });
  return updated.length;
}

export type ReleaseResult =
  | { status: 'released'; reference: string; channels: Channel[] }
  | { status: 'not-spam'; reference: string }
  | { status: 'not-found' };

/**
 * Releases a lead that was kept as spam (`npm run leads -- release REF`): it
 * becomes a new lead and is queued for every channel that is on now.
 */
export async function releaseFromSpam(
  db: Database,
  id: string,
  channels: Channel[],
  now = new Date(),
): Promise<ReleaseResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(leads).where(byReferenceOrId(id)).for('update');
    if (!row) return { status: 'not-found' } as const;
    if (row.status !== 'spam') return { status: 'not-spam', reference: row.reference } as const;
    await tx.update(leads).set({ status: 'new', releasedAt: now }).where(eq(leads.id, row.id));
    if (channels.length > 0)
      await tx
        .insert(outboxJobs)
        .values(channels.map((channel) => ({ leadId: row.id, channel, nextAttemptAt: now })))
        .onConflictDoNothing();
    return { status: 'released', reference: row.reference, channels } as const;
  });
}

/**
 * Deletes leads older than the retention period of the privacy policy, with
 * their consent records and jobs, and rate-limit entries and the record of
 * notifications sent older than a day.
 */
export async function purgeOlderThan(db: Database, days: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(leads)
    .where(lt(leads.createdAt, cutoff))
    .returning({ id: leads.id });
  const hits = await db
    .delete(submissionHits)
    .where(lt(submissionHits.createdAt, dayAgo))
    .returning({ id: submissionHits.id });
  await db.delete(notificationSends).where(lt(notificationSends.sentAt, dayAgo));
  return { leads: removed.length, rateLimitEntries: hits.length };
}

/** Numbers for the health check. */
export async function outboxBacklog(db: Database) {
  const [row] = await db
    .select({ pending: sql<number>`count(*)::int` })
    .from(outboxJobs)
    .where(or(eq(outboxJobs.status, 'pending'), and(eq(outboxJobs.status, 'sending'))));
  return row?.pending ?? 0;
}

/** How `erase` finds one person's leads, from the contact the operator typed. */
export type ContactToErase =
  | { status: 'ok'; kind: 'phone' | 'email' | 'handle'; value: string }
  | { status: 'invalid' }
  /** A number written without its country code that reads as different numbers in the form's regions. */
  | { status: 'ambiguous'; numbers: string[] };

/**
 * The contact as the form stored it: a phone number in E.164 (for the phone,
 * WhatsApp and Telegram-by-number methods alike), an e-mail address with its
 * domain in lower case, or a Telegram @username. A number without a country
 * code is read as the form reads it in each language; if the languages' regions
 * disagree on which number it is, the operator must say (nothing is guessed).
 */
export function contactToErase(input: string): ContactToErase {
  const value = cleanText(input);
  if (!value) return { status: 'invalid' };
  if (value.includes('@') && !value.startsWith('@')) {
    const email = normalizeEmail(value);
    return email ? { status: 'ok', kind: 'email', value: email } : { status: 'invalid' };
  }
  if (/^[+\d\s().-]+$/.test(value)) {
    const numbers = [
      ...new Set(
        langCodes.map((code) => normalizePhone(value, code)).filter((n) => n !== undefined),
      ),
    ];
    if (numbers.length === 0) return { status: 'invalid' };
    if (numbers.length > 1) return { status: 'ambiguous', numbers: numbers.sort() };
    return { status: 'ok', kind: 'phone', value: numbers[0]! };
  }
  const handle = normalizeTelegram(value, 'en');
  return handle?.startsWith('@')
    ? { status: 'ok', kind: 'handle', value: handle }
    : { status: 'invalid' };
}

/** Every column of our tables that refers to a lead (each deleted with it, ON DELETE CASCADE). */
function leadReferences(): { table: string; column: PgColumn }[] {
  const found: { table: string; column: PgColumn }[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    for (const key of config.foreignKeys) {
      const reference = key.reference();
      if (reference.foreignTable === leads && reference.columns.length === 1)
        found.push({ table: config.name, column: reference.columns[0]! });
    }
  }
  return found;
}

export type EraseResult =
  | {
      status: 'erased';
      references: string[];
      /** Rows removed, per table. */
      removed: Record<string, number>;
      /**
       * Where some of it went (the team's channels; analytics services sent a
       * won deal): copies there are not ours to delete.
       */
      deliveredTo: (typeof outboxJobs.$inferSelect)['channel'][];
    }
  | { status: 'no-match' }
  | Exclude<ContactToErase, { status: 'ok' }>;

/**
 * Erases one person on request (`npm run leads -- erase CONTACT`): every lead
 * with that contact, whatever its status, with its consent record and delivery
 * jobs (and anything else that refers to it), and the rate-limit entries of
 * the addresses those requests came from, in one transaction. The log line it
 * writes names the references, never the contact.
 */
export async function eraseContact(db: Database, contact: string): Promise<EraseResult> {
  const parsed = contactToErase(contact);
  if (parsed.status !== 'ok') return parsed;
  const matches =
    parsed.kind === 'phone'
      ? eq(leads.contactValue, parsed.value)
      : and(
          eq(leads.contactMethod, parsed.kind === 'email' ? 'email' : 'telegram'),
          // Neither mailbox nor Telegram names tell case apart in practice: Ivan@ and ivan@ are one person.
          sql`lower(${leads.contactValue}) = lower(${parsed.value})`,
        );
  const result = await db.transaction(async (tx): Promise<EraseResult> => {
    const found = await tx
      .select({ id: leads.id, reference: leads.reference })
      .from(leads)
      .where(matches)
      .for('update');
    if (found.length === 0) return { status: 'no-match' };
    const ids = found.map((row) => row.id);
    const removed: Record<string, number> = { leads: found.length };
    for (const { table, column } of leadReferences()) {
      const [row] = await tx.select({ n: count() }).from(column.table).where(inArray(column, ids));
      removed[table] = (removed[table] ?? 0) + (row?.n ?? 0);
    }
    const delivered = await tx
      .selectDistinct({ channel: outboxJobs.channel })
      .from(outboxJobs)
      .where(
        and(
          inArray(outboxJobs.leadId, ids),
          or(isNotNull(outboxJobs.sentAt), isNotNull(outboxJobs.externalId)),
        ),
      );
    const addresses = await tx
      .selectDistinct({ ip: consents.ip })
      .from(consents)
      .where(inArray(consents.leadId, ids));
    const hits =
      addresses.length > 0
        ? await tx
            .delete(submissionHits)
            .where(
              inArray(
                submissionHits.ip,
                addresses.map((row) => row.ip),
              ),
            )
            .returning({ id: submissionHits.id })
        : [];
    removed.submission_hits = hits.length;
    await tx.delete(leads).where(inArray(leads.id, ids));
    return {
      status: 'erased',
      references: found.map((row) => row.reference).sort(),
      removed,
      deliveredTo: delivered.map((row) => row.channel).sort(),
    };
  });
  if (result.status === 'erased')
    logger.info(
      {
        event: 'leads.erased',
        references: result.references,
        removed: result.removed,
        deliveredTo: result.deliveredTo,
      },
      'erased the leads of one contact on request',
    );
  return result;
}
