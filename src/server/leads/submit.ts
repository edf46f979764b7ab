import 'server-only';
import { createHash } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isLangCode, type LangCode } from '@/i18n/locales';
import { parseClientIds } from '@/lib/analytics/client-ids';
import { attributionFromFormPage, parseAttribution } from '@/lib/attribution/parse';
import { leadEstimate } from '@/lib/calculator/lead-estimate';
import { defaultCurrency, parseCurrency } from '@/lib/currency/choice';
import { budgetInCurrency } from '@/lib/consultation/budget';
import {
  validateConsultation,
  type Consultation,
  type ContactMethod,
  type FieldErrors,
} from '@/lib/consultation/schema';
import { consultationFields } from '@/lib/consultation/fields';
import { cleanText } from '@/lib/text/clean';
import type { Database } from '@/server/db/client';
import { consents, leads, outboxJobs, submissionHits } from '@/server/db/schema';
import type { Channel } from '@/server/delivery/types';
import { consentText } from './consent';
import { issueBookingToken } from '@/server/booking/token';
import { checkFormToken, minimumFillTimeMs } from './form-token';
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
  ...consultationFields,
  'language',
  'currency',
  'timeZone',
  'website',
  'token',
  'key',
  'shownMs',
  'page',
  'estimate',
  'attribution',
  'analytics',
] as const;

export type SubmissionFields = Partial<Record<(typeof submissionFieldNames)[number], string>>;

export type SubmissionContext = {
  ip: string;
  userAgent: string;
  /** The Origin header, if any. */
  origin: string | null;
  /** The Referer header: the page a form was posted from (its tags, when JavaScript kept none). */
  referer?: string | null;
  /** Origins the site answers on: its own address as the browser sees it. */
  allowedOrigins: string[];
  /** Delivery channels to queue jobs for. */
  channels: Channel[];
  now?: Date;
};

export type ReviewReason = NonNullable<(typeof leads.$inferSelect)['reviewReason']>;

export type SubmissionResult =
  | {
      status: 'accepted';
      httpStatus: 200 | 201;
      reference: string;
      method: ContactMethod;
      review: ReviewReason | null;
      /**
       * What booking a call after the request takes: the token that proves
       * the request is the visitor's, and the time zone it recorded. None for
       * a request kept as spam: a slot is worth nothing to a bot, and much to
       * the person who would not get it.
       */
      booking: { token: string; timeZone: string | null } | null;
    }
  | { status: 'too_large'; httpStatus: 413 }
  | { status: 'invalid'; httpStatus: 400; errors: FieldErrors }
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

/** How long the page was on screen when the request was sent, as the form measured it. */
function shownMs(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const ms = Number(value);
  return ms <= 7 * 24 * 60 * 60 * 1000 ? ms : undefined;
}

/** An IANA time zone the server knows ("Europe/Moscow"), or nothing. */
function timeZoneOf(value: string | undefined): string | null {
  if (!value || value.length > 64 || !/^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(value)) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    return null;
  }
}

/**
 * Without the form's key (no JavaScript), a key made of what was sent: the same
 * request pressed twice within five minutes is one lead, not two.
 */
function derivedKey(context: SubmissionContext, value: Consultation, now: Date): string {
  const slot = Math.floor(now.getTime() / (5 * 60 * 1000));
  const material = [context.ip, value.method, value.contact, value.message ?? '', slot].join(
    '\u0000',
  );
  return `derived:${createHash('sha256').update(material).digest('hex')}`;
}

/**
 * Takes one consultation request through the checks, in the order the agency
 * set (size, schema, honeypot and token, origin, rate limit), then stores the
 * lead, its consent record and its delivery jobs in one transaction. It
 * answers only after the commit, so an accepted request is never lost.
 *
 * The bot defence never bins a person: a filled honeypot or a forged token is
 * kept as spam (and can be released with the CLI); a request that only looks
 * fast (sent sooner after the page appeared than a person types) or came
 * without the page's script is delivered and marked for a second look.
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

  // 2. Schema (text cleaned of control and invisible characters first).
  const language: LangCode = isLangCode(fields.language) ? fields.language : 'ru';
  const validation = validateConsultation({ ...fields, language });
  if (!validation.ok) return { status: 'invalid', httpStatus: 400, errors: validation.errors };
  const value = validation.value;

  try {
    const db = await getDb();

    // 3. Honeypot: a field people never see, so never fill.
    let spamReason: string | null = fields.website ? 'honeypot' : null;

    // 4. Timing. The form reports how long its page had been shown; its token
    // (fetched when the visitor turns to the form) says at least how long ago
    // that was. A request without either came without the page's script.
    const token = await checkFormToken(db, fields.token, now.getTime());
    if (token.kind === 'forged') spamReason ??= 'forged-token';
    const shown = Math.max(
      shownMs(fields.shownMs) ?? -1,
      token.kind === 'valid' ? token.ageMs : -1,
    );
    const review: ReviewReason | null =
      shown < 0 ? 'no-script' : shown < minimumFillTimeMs ? 'too-fast' : null;

    // 5. Origin: a form posted from another site is refused.
    if (!context.origin || !context.allowedOrigins.includes(context.origin)) {
      return { status: 'forbidden', httpStatus: 403 };
    }

    const key = keySchema.safeParse(fields.key);
    const idempotencyKey = key.success ? key.data : derivedKey(context, value, now);
    const cleanPage = cleanText(fields.page ?? '');
    const page = pageSchema.safeParse(cleanPage).success ? cleanPage : `/${language}`;
    // The currency the page showed prices in; the language's when none (or an unknown one) came.
    const currency = parseCurrency(fields.currency) ?? defaultCurrency(language);
    // The estimate travels as its selection; the engine prices it again here.
    // One that does not parse is dropped: it never costs the visitor the request.
    const estimate = fields.estimate ? leadEstimate(fields.estimate, language, currency) : null;
    const attribution =
      parseAttribution(fields.attribution, now) ??
      attributionFromFormPage(context.referer ?? null, now);
    // The analytics services' ids of the browser: sent only when the visitor allowed analytics.
    const analytics = parseClientIds(fields.analytics);
    const consent = await consentText(language);
    const { channels } = context;

    const result = await db.transaction(async (tx) => {
      // A repeated submission returns the first result, not a second lead.
      const [existing] = await tx
        .select({
          id: leads.id,
          reference: leads.reference,
          method: leads.contactMethod,
          review: leads.reviewReason,
          spam: leads.status,
          timeZone: leads.timeZone,
        })
        .from(leads)
        .where(eq(leads.idempotencyKey, idempotencyKey));
      if (existing)
        return {
          status: 'accepted',
          httpStatus: 200,
          reference: existing.reference,
          method: existing.method,
          review: existing.review,
          lead: existing.spam === 'spam' ? null : existing,
        } as const;

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
          contactMethod: value.method,
          contactValue: value.contact,
          name: value.name ?? null,
          message: value.message ?? null,
          budget: value.budget ? budgetInCurrency(value.budget, currency) : null,
          contactTime: value.time ?? null,
          timeZone: value.time ? timeZoneOf(fields.timeZone) : null,
          language,
          page,
          estimate,
          attribution,
          analytics,
          status: spamReason ? 'spam' : 'new',
          spamReason,
          reviewReason: spamReason ? null : review,
          idempotencyKey,
        })
        .returning({ id: leads.id, reference: leads.reference, timeZone: leads.timeZone });
      await tx.insert(consents).values({
        leadId: lead!.id,
        givenAt: now,
        textVersion: consent.version,
        textHash: consent.hash,
        language,
        page,
        userAgent: cleanText(context.userAgent).slice(0, 500),
        ip: context.ip,
      });
      // Spam is kept (for the record, and to be released if it was a person) but reaches no one.
      if (!spamReason && channels.length > 0) {
        await tx
          .insert(outboxJobs)
          .values(channels.map((channel) => ({ leadId: lead!.id, channel, nextAttemptAt: now })));
      }
      return {
        status: 'accepted',
        httpStatus: 201,
        reference: lead!.reference,
        method: value.method,
        review: spamReason ? null : review,
        lead: spamReason ? null : lead!,
      } as const;
    });
    if (result.status !== 'accepted') return result;
    const { lead, ...accepted } = result;
    return {
      ...accepted,
      booking: lead
        ? { token: await issueBookingToken(db, lead.id, now.getTime()), timeZone: lead.timeZone }
        : null,
    };
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
