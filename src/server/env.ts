import 'server-only';
import { z } from 'zod';
import { langCodes } from '@/i18n/locales';
import { dsnProblem, parseDsn } from '@/lib/monitoring/dsn';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * Server settings from the environment, read through one schema. A malformed
 * value stops start-up with a message naming the variable; a channel left
 * unset is simply off.
 */
export const serverEnvSchema = z
  .object({
    /** PostgreSQL in production. Without it, PGlite in DATA_DIR. */
    DATABASE_URL: optional(
      z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// or postgresql:// URL' }),
    ),
    DATA_DIR: z.string().min(1).default('./data'),
    TELEGRAM_BOT_TOKEN: optional(
      z.string().regex(/^\d+:[\w-]{20,}$/, 'must look like 123456789:AA… as BotFather gives it'),
    ),
    TELEGRAM_CHAT_ID: optional(
      z.string().regex(/^(-?\d+|@\w{5,})$/, 'must be a numeric chat id or @channel'),
    ),
    TELEGRAM_API_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
      .default('https://api.telegram.org')
      .transform((url) => url.replace(/\/+$/, '')),
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/, message: 'must be smtp:// or smtps://' })),
    LEADS_EMAIL_TO: optional(
      z
        .string()
        .transform((list) => list.split(',').map((address) => address.trim()))
        .pipe(z.array(z.email('each address must be an email address')).min(1)),
    ),
    LEADS_EMAIL_FROM: z.string().min(3).default('"Ortus Digital website" <website@example.com>'),
    /** Language of the notifications the team receives. */
    LEADS_NOTIFY_LANGUAGE: z.enum(langCodes).default('ru'),
    /** Leads older than this many days are deleted by the worker (the privacy policy and the consent say it). */
    LEADS_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(365),
    /**
     * How many daily backups are kept, so how many days a backup holds a lead
     * (the backup service's --keep): the privacy policy says it.
     */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(3650).default(14),
    /** Bitrix24: the incoming webhook's address, https://<portal>/rest/<user>/<key>/ (a secret). */
    BITRIX24_WEBHOOK_URL: optional(
      z
        .url({
          protocol: /^https?$/,
          message: 'must be the https:// address of a Bitrix24 incoming webhook',
        })
        .transform((url) => (url.endsWith('/') ? url : `${url}/`)),
    ),
    /** The lead source the CRM records (its SOURCE_ID list; WEB is "Website"). */
    BITRIX24_SOURCE_ID: z
      .string()
      .regex(/^[\w-]{1,50}$/)
      .default('WEB'),
    /** The Bitrix24 user new leads are assigned to (their numeric id). */
    BITRIX24_ASSIGNED_BY_ID: optional(z.coerce.number().int().positive()),
    /** amoCRM (Kommo): the account's address, https://<subdomain>.amocrm.ru or .kommo.com. */
    AMOCRM_BASE_URL: optional(
      z
        .url({
          protocol: /^https?$/,
          message: 'must be the https:// address of the amoCRM account',
        })
        .transform((url) => url.replace(/\/+$/, '')),
    ),
    /** A private integration's long-lived token (a secret). */
    AMOCRM_ACCESS_TOKEN: optional(z.string().min(20, 'must be the long-lived token amoCRM gave')),
    /** `lead`: a lead with its contact; `unsorted`: an incoming lead the team accepts or declines. */
    AMOCRM_MODE: z.enum(['lead', 'unsorted']).default('lead'),
    /** The pipeline new leads go to; the account's main one if unset. */
    AMOCRM_PIPELINE_ID: optional(z.coerce.number().int().positive()),
    /** The account's currency: an estimate in this currency becomes the lead's price. */
    AMOCRM_CURRENCY: z.enum(['RUB', 'USD', 'KZT', 'UAH']).default('RUB'),
    /**
     * Bitrix24's outgoing webhook for deal updates (ONCRMDEALUPDATE): the
     * application token it sends with each call, which the site checks. The
     * deal itself is read through BITRIX24_WEBHOOK_URL.
     */
    BITRIX24_OUTGOING_TOKEN: optional(
      z
        .string()
        .regex(/^[\w-]{16,128}$/, 'must be the token Bitrix24 shows for the outgoing webhook'),
    ),
    /**
     * amoCRM does not sign its web hooks: the secret goes in the hook's address
     * (`/api/crm/amocrm?secret=…`), and the site checks it.
     */
    AMOCRM_WEBHOOK_SECRET: optional(
      z
        .string()
        .regex(
          /^[\w-]{16,128}$/,
          'must be 16 or more letters, digits, _ or - (e.g. openssl rand -hex 32)',
        ),
    ),
    /**
     * Yandex Metrica's offline conversions: an OAuth token with access to the
     * site's counter (METRIKA_COUNTER_ID at build), and the goal a won deal counts as.
     */
    METRIKA_OFFLINE_TOKEN: optional(
      z.string().regex(/^[\w.-]{20,200}$/, 'must be the OAuth token Yandex OAuth gave'),
    ),
    METRIKA_OFFLINE_GOAL: z
      .string()
      .regex(/^[\w.-]{1,64}$/, "must be the identifier of the counter's JavaScript event goal")
      .default('deal_won'),
    METRIKA_API_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
      .default('https://api-metrika.yandex.net')
      .transform((url) => url.replace(/\/+$/, '')),
    /** GA4's Measurement Protocol: an API secret of the site's data stream (GA4_MEASUREMENT_ID at build). */
    GA4_API_SECRET: optional(
      z
        .string()
        .regex(/^[\w-]{10,100}$/, "must be the data stream's Measurement Protocol API secret"),
    ),
    GA4_MP_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
      .default('https://www.google-analytics.com')
      .transform((url) => url.replace(/\/+$/, '')),
    /** Any other system: each lead POSTed as JSON to this address, signed with the secret. */
    LEADS_WEBHOOK_URL: optional(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' })),
    LEADS_WEBHOOK_SECRET: optional(
      z.string().min(16, 'must be at least 16 characters (e.g. openssl rand -hex 32)'),
    ),
    /**
     * Messages a minute each channel that notifies people (Telegram, e-mail) may
     * get; past it, a burst arrives as one summary. CRMs and the webhook get every lead.
     */
    LEADS_NOTIFY_PER_MINUTE: z.coerce.number().int().min(2).max(100_000).default(20),
    /** `in-server` delivers from the site process; `off` leaves it to `npm run worker`. */
    OUTBOX_WORKER: z.enum(['in-server', 'off']).default('in-server'),
    /**
     * A worker holds a job it is sending for this long and renews the hold while
     * it sends; a job whose worker died is taken over once the hold runs out.
     */
    OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(20),
    /**
     * Minutes a channel may keep failing before the team is alerted through
     * another channel (once, and once more when it delivers again). Decimals allowed.
     */
    ALERT_AFTER_MINUTES: z.coerce.number().positive().max(10_080).default(15),
    /** Proxies in front of the site that append to X-Forwarded-For (a CDN and a load balancer: 2). */
    TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
    /** Error reports of the server and the worker (docs/error-tracking.md): off when unset. */
    SENTRY_DSN: optional(
      z
        .string()
        .trim()
        .refine((dsn) => !!parseDsn(dsn), dsnProblem),
    ),
    /** The environment reports are filed under; NODE_ENV (or `production`) when unset. */
    SENTRY_ENVIRONMENT: optional(
      z.string().regex(/^[\w.-]{1,64}$/, 'must be a short name such as production or staging'),
    ),
  })
  .superRefine((env, ctx) => {
    if (!!env.TELEGRAM_BOT_TOKEN !== !!env.TELEGRAM_CHAT_ID) {
      ctx.addIssue({
        code: 'custom',
        path: [env.TELEGRAM_BOT_TOKEN ? 'TELEGRAM_CHAT_ID' : 'TELEGRAM_BOT_TOKEN'],
        message: 'TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are set together or not at all',
      });
    }
    const pairs = [
      ['AMOCRM_BASE_URL', 'AMOCRM_ACCESS_TOKEN'],
      ['LEADS_WEBHOOK_URL', 'LEADS_WEBHOOK_SECRET'],
    ] as const;
    for (const [a, b] of pairs) {
      if (!!env[a] !== !!env[b])
        ctx.addIssue({
          code: 'custom',
          path: [env[a] ? b : a],
          message: `${a} and ${b} are set together or not at all`,
        });
    }
    // A deal is read, and matched to its lead, through the CRM's own channel.
    const needs = [
      ['BITRIX24_OUTGOING_TOKEN', 'BITRIX24_WEBHOOK_URL'],
      ['AMOCRM_WEBHOOK_SECRET', 'AMOCRM_BASE_URL'],
    ] as const;
    for (const [setting, needed] of needs) {
      if (env[setting] && !env[needed])
        ctx.addIssue({
          code: 'custom',
          path: [setting],
          message: `${setting} needs ${needed}: the won deal is read and matched to its lead through it`,
        });
    }
    if (!!env.SMTP_URL !== !!env.LEADS_EMAIL_TO) {
      ctx.addIssue({
        code: 'custom',
        path: [env.SMTP_URL ? 'LEADS_EMAIL_TO' : 'SMTP_URL'],
        message: 'SMTP_URL and LEADS_EMAIL_TO are set together or not at all',
      });
    }
  });

export type ServerEnv = z.infer<typeof serverEnvSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  const result = serverEnvSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues
    .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    .join('\n');
  throw new EnvError(`Invalid environment:\n${problems}`);
}

let cached: ServerEnv | undefined;

/** The environment of this process, checked once. */
export function serverEnv(): ServerEnv {
  cached ??= parseServerEnv(process.env);
  return cached;
}
