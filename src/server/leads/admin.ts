import 'server-only';
import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { describeTouch } from '@/lib/attribution/describe';
import type { Attribution, Touch } from '@/lib/attribution/touch';
import type { Database } from '@/server/db/client';
import { consents, leads, notificationSends, outboxJobs, submissionHits } from '@/server/db/schema';
import type { Channel } from '@/server/delivery/types';

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
        channel: job.channel,
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
