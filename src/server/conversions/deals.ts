import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { AnalyticsClientIds } from '@/lib/analytics/client-ids';
import type { Database } from '@/server/db/client';
import { deals, leads, outboxJobs } from '@/server/db/schema';
import type { ConversionChannel } from '@/server/delivery/types';

/** A deal as a CRM reported it, in the site's terms. */
export type DealReport = {
  crm: 'bitrix24' | 'amocrm';
  /** The deal's id in the CRM. */
  dealId: string;
  /**
   * The id the site's `lead` job stored for the request in that CRM: the
   * Bitrix24 lead the deal was made from, or the amoCRM lead (which is the deal).
   */
  crmLeadId: string | null;
  /** The site's reference, when the CRM kept it (Bitrix24's ORIGIN_ID): found by it if not by the id. */
  reference?: string | null;
  stage: string | null;
  won: boolean;
  /** "150000.00", or null when the deal has no amount. */
  amount: string | null;
  currency: string | null;
};

export type DealOutcome =
  | { matched: false }
  | {
      matched: true;
      reference: string;
      won: boolean;
      /** Won by this report: the first time the site heard the deal was won. */
      firstWon: boolean;
      /** The analytics services a conversion was queued for by this report. */
      queued: ConversionChannel[];
      /** The lead's deal is another one, already won: this report changed nothing. */
      otherDealWon?: true;
    };

/** Which of the lead's analytics ids each service needs. */
const clientIdOf: Record<ConversionChannel, keyof AnalyticsClientIds> = {
  metrika: 'metrika',
  ga4: 'ga',
};

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The site's lead a deal belongs to: the one it was recorded for before,
 * else the one whose delivery to the CRM was given the CRM's lead id, else
 * the one with the reference the CRM kept.
 */
async function leadOf(tx: Transaction | Database, report: DealReport) {
  const columns = { id: leads.id, reference: leads.reference, analytics: leads.analytics };
  const [known] = await tx
    .select(columns)
    .from(deals)
    .innerJoin(leads, eq(leads.id, deals.leadId))
    .where(and(eq(deals.crm, report.crm), eq(deals.dealId, report.dealId)));
  if (known) return known;
  if (report.crmLeadId) {
    const [delivered] = await tx
      .select(columns)
      .from(outboxJobs)
      .innerJoin(leads, eq(leads.id, outboxJobs.leadId))
      .where(
        and(
          eq(outboxJobs.channel, report.crm),
          eq(outboxJobs.kind, 'lead'),
          eq(outboxJobs.externalId, report.crmLeadId),
        ),
      )
      .limit(1);
    if (delivered) return delivered;
  }
  if (report.reference) {
    const [referenced] = await tx
      .select(columns)
      .from(leads)
      .where(eq(leads.reference, report.reference));
    if (referenced) return referenced;
  }
  return undefined;
}

/** Whether the deal is one of a lead of the site's, before anything is asked of the CRM about it. */
export async function isOurDeal(db: Database, report: DealReport): Promise<boolean> {
  return (await leadOf(db, report)) !== undefined;
}

/**
 * Records what a CRM said about a deal, in one transaction: its stage on
 * every report, its amount, and when it was first won (set once, never
 * moved). The first report that it was won also queues a conversion for each
 * analytics service in `channels` whose id the lead carries (which it does
 * only when the visitor allowed analytics). One job per lead, service and
 * kind: a second "won", a retried webhook or two racing ones never queue a
 * second upload.
 */
export async function recordDeal(
  db: Database,
  report: DealReport,
  channels: readonly ConversionChannel[],
  now: Date = new Date(),
): Promise<DealOutcome> {
  return db.transaction(async (tx) => {
    const lead = await leadOf(tx, report);
    if (!lead) return { matched: false } as const;

    const [before] = await tx
      .select({ crm: deals.crm, dealId: deals.dealId, wonAt: deals.wonAt })
      .from(deals)
      .where(eq(deals.leadId, lead.id))
      .for('update');
    const sameDeal = !before || (before.crm === report.crm && before.dealId === report.dealId);
    // A request is one deal: once one is won, another deal of the same lead leaves it as it is.
    if (!sameDeal && before.wonAt)
      return {
        matched: true,
        reference: lead.reference,
        won: report.won,
        firstWon: false,
        queued: [],
        otherDealWon: true,
      } as const;

    const [row] = await tx
      .insert(deals)
      .values({
        leadId: lead.id,
        crm: report.crm,
        dealId: report.dealId,
        stage: report.stage,
        amount: report.amount,
        currency: report.currency,
        wonAt: report.won ? now : null,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: deals.leadId,
        set: {
          crm: report.crm,
          dealId: report.dealId,
          stage: report.stage,
          amount: report.amount,
          currency: report.currency,
          // Won once: the first time stays, whatever stage the deal moves to after.
          wonAt: sql`coalesce(${deals.wonAt}, excluded.won_at)`,
          updatedAt: now,
        },
      })
      .returning({ wonAt: deals.wonAt });

    const firstWon = report.won && !(sameDeal && before?.wonAt);
    let queued: ConversionChannel[] = [];
    if (firstWon && row?.wonAt) {
      const ids = (lead.analytics ?? {}) as AnalyticsClientIds;
      const due = channels.filter((channel) => ids[clientIdOf[channel]]);
      if (due.length > 0) {
        const inserted = await tx
          .insert(outboxJobs)
          .values(
            due.map((channel) => ({
              leadId: lead.id,
              channel,
              kind: 'conversion' as const,
              nextAttemptAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning({ channel: outboxJobs.channel });
        queued = inserted.map((job) => job.channel as ConversionChannel);
      }
    }
    return {
      matched: true,
      reference: lead.reference,
      won: report.won,
      firstWon,
      queued,
    } as const;
  });
}
