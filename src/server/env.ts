import 'server-only';
import { z } from 'zod';
import { langCodes } from '@/i18n/locales';

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
    /** Leads older than this many days are deleted by the worker (the privacy policy says 12 months). */
    LEADS_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(365),
    /** `in-server` delivers from the site process; `off` leaves it to `npm run worker`. */
    OUTBOX_WORKER: z.enum(['in-server', 'off']).default('in-server'),
    /** After this long, a job a crashed worker was sending is taken over by another. */
    OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
    /** Proxies in front of the site that append to X-Forwarded-For (a CDN and a load balancer: 2). */
    TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  })
  .superRefine((env, ctx) => {
    if (!!env.TELEGRAM_BOT_TOKEN !== !!env.TELEGRAM_CHAT_ID) {
      ctx.addIssue({
        code: 'custom',
        path: [env.TELEGRAM_BOT_TOKEN ? 'TELEGRAM_CHAT_ID' : 'TELEGRAM_BOT_TOKEN'],
        message: 'TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are set together or not at all',
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
