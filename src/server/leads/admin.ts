import 'server-only';
import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { consents, leads, outboxJobs, submissionHits } from '@/server/db/schema';

/** The agency's tools for leads: list, look up, export, re-send, purge. */

export type LeadRow = typeof leads.$inferSelect & {
  deliveries: { channel: string; status: string; attempts: number; lastError: string | null }[];
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
      })),
  }));
}

export async function listLeads(
  db: Database,
  { limit = 50, since }: { limit?: number; since?: Date } = {},
) {
  const rows = await db
    .select()
    .from(leads)
    .where(since ? gte(leads.createdAt, since) : undefined)
    .orderBy(desc(leads.createdAt))
    .limit(limit);
  return withDeliveries(db, rows);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** By reference ("K7M-4QZ", any case) or id. */
export async function findLead(db: Database, id: string) {
  const condition = uuidPattern.test(id)
    ? eq(leads.id, id)
    : eq(leads.reference, id.trim().toUpperCase());
  const [row] = await db.select().from(leads).where(condition);
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

const csvColumns = [
  'reference',
  'createdAt',
  'status',
  'contactMethod',
  'contactValue',
  'language',
  'page',
  'estimate',
  'deliveries',
] as const;

function csvCell(value: unknown): string {
  let text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object' && value !== null
        ? JSON.stringify(value)
        : String(value ?? '');
  // A cell a spreadsheet would run as a formula is written as text.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: LeadRow[]): string {
  const lines = rows.map((row) =>
    csvColumns
      .map((column) =>
        column === 'deliveries'
          ? csvCell(row.deliveries.map((d) => `${d.channel}:${d.status}`).join(' '))
          : csvCell(row[column]),
      )
      .join(','),
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

/**
 * Deletes leads older than the retention period of the privacy policy, with
 * their consent records and jobs, and rate-limit entries older than a day.
 */
export async function purgeOlderThan(db: Database, days: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(leads)
    .where(lt(leads.createdAt, cutoff))
    .returning({ id: leads.id });
  const hits = await db
    .delete(submissionHits)
    .where(lt(submissionHits.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)))
    .returning({ id: submissionHits.id });
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
