import 'server-only';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isLangCode, localeFromCode, localeInfo, type LangCode } from '@/i18n/locales';
import { leadEstimate } from '@/lib/calculator/lead-estimate';
import { validateConsultation, type FieldErrors } from '@/lib/consultation/schema';
import type { Database } from '@/server/db/client';
import { consents, leads, outboxJobs, submissionHits } from '@/server/db/schema';
import type { Channel } from './channels';
import { consentText } from './consent';
import { checkFormToken, issueFormToken, minimumFillTimeMs } from './form-token';
import { newReference } from './reference';

/** Limits of one request: generous for a person, tight for a flood. */
export const submissionLimits = {
  maxBodyBytes: 16 * 1024,
  perAddress: 5,
  windowMs: 10 * 60 * 1000,
  /** When the database is down: how long to wait before trying again. */
  unavailableRetryAfterSeconds: 30,
} as const;

/** The fields of a consultation request, as the form and the HTTP API send them. */
export const submissionFieldNames = [
  'language',
  'method',
  'contact',
  'consent',
  'website',
  'token',
  'key',
  'page',
  'estimate',
] as const;

export type SubmissionFields = Partial<Record<(typeof submissionFieldNames)[number], string>>;

export type SubmissionContext = {
  ip: string;
  userAgent: string;
  /** The Origin header, if any. */
  origin: string | null;
  /** Origins the site answers on: its own address as the browser sees it. */
  allowedOrigins: string[];
  /** Delivery channels to queue jobs for. */
  channels: Channel[];
  now?: Date;
};

export type SubmissionResult =
  | { status: 'accepted'; httpStatus: 200 | 201; reference: string }
  | { status: 'too_large'; httpStatus: 413 }
  | { status: 'invalid'; httpStatus: 400; errors: FieldErrors }
  | { status: 'confirm'; httpStatus: 400; token: string; key: string }
  | { status: 'forbidden'; httpStatus: 403 }
  | { status: 'rate_limited'; httpStatus: 429; retryAfter: number }
  | { status: 'unavailable'; httpStatus: 503; retryAfter: number };

const keySchema = z.uuid();
const pageSchema = z
  .string()
  .max(300)
  .regex(/^\/[^\s]*$/);

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/**
 * Takes one consultation request through the checks, in the order the agency
 * set (size, schema, honeypot, time token, origin, rate limit), then stores the
 * lead, its consent record and its delivery jobs in one transaction. It answers
 * only after the commit, so an accepted request is never lost.
 */
export async function submitLead(
  getDb: () => Promise<Database>,
  fields: SubmissionFields,
  context: SubmissionContext,
): Promise<SubmissionResult> {
  const now = context.now ?? new Date();

  // 1. Size: anything near the limit is not a person typing a phone number.
  const size = Object.values(fields).reduce(
    (sum, value) => sum + Buffer.byteLength(value ?? ''),
    0,
  );
  if (size > submissionLimits.maxBodyBytes) return { status: 'too_large', httpStatus: 413 };

  // 2. Schema.
  const language: LangCode = isLangCode(fields.language) ? fields.language : 'ru';
  const validation = validateConsultation({ ...fields, language });
  if (!validation.ok) return { status: 'invalid', httpStatus: 400, errors: validation.errors };

  try {
    const db = await getDb();

    // 3. Honeypot: a field people never see, so never fill.
    let spamReason: string | null = fields.website ? 'honeypot' : null;

    // 4. Time token. Without one (no JavaScript, or a bot) the visitor is asked
    // to confirm once, with a fresh token and idempotency key.
    const token = await checkFormToken(db, fields.token, now.getTime());
    const key = keySchema.safeParse(fields.key);
    if (token.kind !== 'valid' || !key.success) {
      if (token.kind === 'forged') spamReason ??= 'forged-token';
      else
        return {
          status: 'confirm',
          httpStatus: 400,
          token: await issueFormToken(db, now.getTime()),
          key: crypto.randomUUID(),
        };
    } else if (token.ageMs < minimumFillTimeMs) {
      spamReason ??= 'too-fast';
    }

    // 5. Origin: a form posted from another site is refused.
    if (!context.origin || !context.allowedOrigins.includes(context.origin)) {
      return { status: 'forbidden', httpStatus: 403 };
    }

    const idempotencyKey = key.success ? key.data : crypto.randomUUID();
    const page = pageSchema.safeParse(fields.page).success ? fields.page! : `/${language}`;
    // The estimate travels as its selection; the engine prices it again here.
    // One that does not parse is dropped: it never costs the visitor the request.
    const estimate = fields.estimate
      ? leadEstimate(fields.estimate, language, localeInfo[localeFromCode(language)].currency)
      : null;
    const consent = await consentText(language);
    const { channels } = context;

    return await db.transaction(async (tx) => {
      // A repeated submission returns the first result, not a second lead.
      const [existing] = await tx
        .select({ reference: leads.reference })
        .from(leads)
        .where(eq(leads.idempotencyKey, idempotencyKey));
      if (existing)
        return { status: 'accepted', httpStatus: 200, reference: existing.reference } as const;

      // 6. Rate limit, exact under concurrency: one address is counted at a time.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`rate:${context.ip}`}))`);
      const since = new Date(now.getTime() - submissionLimits.windowMs);
      const hits = await tx
        .select({ at: submissionHits.createdAt })
        .from(submissionHits)
        .where(and(eq(submissionHits.ip, context.ip), gt(submissionHits.createdAt, since)))
        .orderBy(submissionHits.createdAt);
      if (hits.length >= submissionLimits.perAddress) {
        const oldest = hits[hits.length - submissionLimits.perAddress]!.at.getTime();
        const retryAfter = Math.max(
          1,
          Math.ceil((oldest + submissionLimits.windowMs - now.getTime()) / 1000),
        );
        return { status: 'rate_limited', httpStatus: 429, retryAfter } as const;
      }
      await tx.insert(submissionHits).values({ ip: context.ip, createdAt: now });

      const [lead] = await tx
        .insert(leads)
        .values({
          reference: newReference(),
          createdAt: now,
          contactMethod: validation.value.method,
          contactValue: validation.value.contact,
          language,
          page,
          estimate,
          status: spamReason ? 'spam' : 'new',
          spamReason,
          idempotencyKey,
        })
        .returning({ id: leads.id, reference: leads.reference });
      await tx.insert(consents).values({
        leadId: lead!.id,
        givenAt: now,
        textVersion: consent.version,
        textHash: consent.hash,
        language,
        page,
        userAgent: context.userAgent.slice(0, 500),
        ip: context.ip,
      });
      // Spam is kept (for the record) but never reaches a manager.
      if (!spamReason && channels.length > 0) {
        await tx
          .insert(outboxJobs)
          .values(channels.map((channel) => ({ leadId: lead!.id, channel, nextAttemptAt: now })));
      }
      return { status: 'accepted', httpStatus: 201, reference: lead!.reference } as const;
    });
  } catch (error) {
    if (isUnavailable(error)) {
      return {
        status: 'unavailable',
        httpStatus: 503,
        retryAfter: submissionLimits.unavailableRetryAfterSeconds,
      };
    }
    throw error;
  }
}

/** Errors that mean "the database cannot be reached right now", as opposed to a bug. */
export function isUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (e instanceof DatabaseUnavailableError) return true;
    if (
      typeof code === 'string' &&
      (/^(ECONN|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH)/.test(code) ||
        /^(08|57P0)/.test(code))
    ) {
      return true;
    }
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Client has encountered a connection error/i.test(
        message,
      )
    ) {
      return true;
    }
  }
  return false;
}

/** Counts, for the health check and tests. */
export async function countLeads(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leads);
  return row?.n ?? 0;
}
