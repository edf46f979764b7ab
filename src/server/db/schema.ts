import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  numeric,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One table per thing the agency must keep. A lead and everything that goes
 * with it (consent record, delivery jobs) is written in one transaction.
 */

export const leads = pgTable(
  'leads',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Short code the visitor sees and a manager can search for, e.g. "K7M-4QZ". */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    contactMethod: text('contact_method', {
      enum: ['phone', 'email', 'telegram', 'whatsapp'],
    }).notNull(),
    /**
     * `form`: a consultation request, with the contact the visitor gave.
     * `messenger`: the visitor opened a WhatsApp or Telegram chat from the
     * site; the chat's first message carries the lead's reference, so the team
     * matches the chat to where the visitor came from. No contact: the chat is it.
     */
    kind: text('kind', { enum: ['form', 'messenger'] })
      .notNull()
      .default('form'),
    /** Normalised: E.164 for phones and WhatsApp, lower-case domain, @username; none for a messenger lead. */
    contactValue: text('contact_value'),
    /** The brief, all optional: how to address the visitor and what they wrote. */
    name: text('name'),
    message: text('message'),
    /** The budget range picked, in the visitor's currency: `{ band, currency, low, high }`. */
    budget: jsonb('budget'),
    /** The part of the day the visitor prefers (morning, afternoon, evening), and their time zone. */
    contactTime: text('contact_time'),
    timeZone: text('time_zone'),
    /** Where the visitor came from: `{ first, last }` touches (UTM tags, click ids, referrer, landing page). */
    attribution: jsonb('attribution'),
    /**
     * The analytics services' ids of the visitor's browser (`{ metrika?, ga? }`),
     * when they allowed analytics: matches the request to the visit and its ad.
     */
    analytics: jsonb('analytics'),
    /** URL code of the language the form was in: ru, en, kz, ua. */
    language: text('language').notNull(),
    /** The page the form was sent from, without host. */
    page: text('page').notNull(),
    /** The calculator estimate the visitor attached, if any. */
    estimate: jsonb('estimate'),
    /** `new` leads are delivered to the team; `spam` ones are kept but never delivered. */
    status: text('status', { enum: ['new', 'spam'] })
      .notNull()
      .default('new'),
    spamReason: text('spam_reason'),
    /** When someone released a lead from spam (`npm run leads -- release`). */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /**
     * Delivered, but worth a second look: `too-fast` (sent sooner after the page
     * appeared than a person types), `no-script` (sent without the page's script,
     * so its timing is unknown).
     */
    reviewReason: text('review_reason', { enum: ['too-fast', 'no-script'] }),
    /** From the form; a repeated submission returns the first lead instead of a second one. */
    idempotencyKey: text('idempotency_key').notNull(),
  },
  (table) => [
    uniqueIndex('leads_reference_key').on(table.reference),
    uniqueIndex('leads_idempotency_key').on(table.idempotencyKey),
    index('leads_created_at_idx').on(table.createdAt),
  ],
);

/** Proof of consent, as the privacy policy describes it. */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    textVersion: text('text_version').notNull(),
    /** SHA-256 of the consent text the visitor saw, in their language. */
    textHash: text('text_hash').notNull(),
    language: text('language').notNull(),
    page: text('page').notNull(),
    userAgent: text('user_agent').notNull(),
    ip: text('ip').notNull(),
  },
  (table) => [uniqueIndex('consents_lead_key').on(table.leadId)],
);

/** Deliveries waiting to happen: the outbox the worker empties. */
export const outboxJobs = pgTable(
  'outbox_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /**
     * Where the job goes: one of the team's channels; `metrika` and `ga4`, the
     * analytics services a won deal is sent back to; `invite`, the calendar
     * invitation mailed to a visitor who booked a call (kind `booking`).
     */
    channel: text('channel', {
      enum: ['telegram', 'email', 'bitrix24', 'amocrm', 'webhook', 'metrika', 'ga4', 'invite'],
    }).notNull(),
    /**
     * What the job carries: `lead` the request itself (every channel), `booking`
     * the call the visitor booked after it (every channel the lead went to),
     * `conversion` a won deal sent back to an analytics service (metrika, ga4).
     * One job per lead, channel and kind: a retry or a second webhook never
     * sends a thing twice.
     */
    kind: text('kind', { enum: ['lead', 'booking', 'conversion'] })
      .notNull()
      .default('lead'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    /** The id the other side gave the lead (a CRM's lead id), kept so a retry never creates it twice. */
    externalId: text('external_id'),
    /** Set when the lead reached the team inside one summary message (a flood), not on its own. */
    summaryId: bigint('summary_id', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('outbox_jobs_due_idx').on(table.status, table.nextAttemptAt),
    uniqueIndex('outbox_jobs_lead_channel_kind_key').on(table.leadId, table.channel, table.kind),
    // The jobs not delivered yet, per channel: what /api/health counts every few
    // seconds. Delivered jobs are nearly all of the table and stay out of it.
    index('outbox_jobs_open_idx')
      .on(table.channel, table.status, table.createdAt)
      .where(sql`${table.status} <> 'sent'`),
  ],
);

/**
 * Each channel's latest delivery attempt and the alerts about it: one row per
 * channel, written by the worker after each attempt. A channel whose latest
 * attempt failed is "failing" since the first failure after its last success;
 * once it has failed for ALERT_AFTER_MINUTES the team is told through another
 * channel, and told again when it delivers. The alert columns are claimed with
 * a conditional UPDATE, so two workers never send the same alert.
 */
export const deliveryChannels = pgTable('delivery_channels', {
  channel: text('channel', {
    enum: ['telegram', 'email', 'bitrix24', 'amocrm', 'webhook', 'metrika', 'ga4', 'invite'],
  }).primaryKey(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
  lastOutcome: text('last_outcome', { enum: ['sent', 'failed'] }).notNull(),
  /** The latest failure's message, with contact data removed; null after a success. */
  lastError: text('last_error'),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  /** The first failure since the last success; null while the channel delivers. */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  /** An alert is open: the team was told the channel fails since this time. */
  alertedSince: timestamp('alerted_since', { withTimezone: true }),
  alertedAt: timestamp('alerted_at', { withTimezone: true }),
  /** The channel the alert went through, or `log` when no other channel was configured. */
  alertedVia: text('alerted_via'),
  /** The worker sending an alert for this channel now, and since when (a hold that runs out). */
  alertClaimedBy: text('alert_claimed_by'),
  alertClaimedAt: timestamp('alert_claimed_at', { withTimezone: true }),
  /** Tries of an alert that could not be sent yet, and when the next one is due. */
  alertAttempts: integer('alert_attempts').notNull().default(0),
  alertNextAt: timestamp('alert_next_at', { withTimezone: true }),
});

/**
 * A call the visitor booked after their request. A slot is taken once: the
 * unique index on its start is what decides between two visitors racing for it.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The visitor's IANA time zone when they booked, to write the time as they saw it. */
    timeZone: text('time_zone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bookings_starts_at_key').on(table.startsAt),
    uniqueIndex('bookings_lead_key').on(table.leadId),
  ],
);

/**
 * A lead's deal as the CRM reported it through its webhook: the stage it is
 * in and, once won, its amount. Won once: the conversion jobs are queued when
 * `wonAt` is first set.
 */
export const deals = pgTable(
  'deals',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    crm: text('crm', { enum: ['bitrix24', 'amocrm'] }).notNull(),
    /** The deal's id in the CRM. */
    dealId: text('deal_id').notNull(),
    stage: text('stage'),
    amount: numeric('amount', { precision: 14, scale: 2 }),
    currency: text('currency'),
    wonAt: timestamp('won_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deals_crm_deal_key').on(table.crm, table.dealId),
    uniqueIndex('deals_lead_key').on(table.leadId),
  ],
);

/** One row per accepted form submission, for the per-address rate limit; kept 24 hours. */
export const submissionHits = pgTable(
  'submission_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('submission_hits_ip_created_idx').on(table.ip, table.createdAt)],
);

/**
 * Every message sent to a channel that notifies people (Telegram, e-mail):
 * the record behind the ceiling of messages a minute (see outbox.ts).
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    kind: text('kind', { enum: ['single', 'summary'] }).notNull(),
    leads: integer('leads').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notification_sends_channel_sent_idx').on(table.channel, table.sentAt)],
);

/** Settings every instance must share, such as the key that signs form tokens. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
