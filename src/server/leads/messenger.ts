import 'server-only';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { siteConfig } from '@/config/site';
import { isLangCode, localeFromCode, type LangCode } from '@/i18n/locales';
import { translatorFor } from '@/i18n/messages';
import { parseClientIds } from '@/lib/analytics/client-ids';
import { attributionFromFormPage, parseAttribution } from '@/lib/attribution/parse';
import { cleanText } from '@/lib/text/clean';
import type { Database } from '@/server/db/client';
import { leads, outboxJobs, submissionHits } from '@/server/db/schema';
import type { SubmissionContext } from './submit';
import { newReference } from './reference';

/**
 * A visitor who would rather write in WhatsApp or Telegram than fill in the
 * form opens the chat through the site: the site records a lead of kind
 * `messenger` with where the visitor came from, delivered to the team like any
 * lead, and opens the chat with a first message that carries the lead's
 * reference (`wa.me/<number>?text=…`, `t.me/<bot>?start=<reference>`), so the
 * team matches the chat to its source. Nothing here may keep the visitor from
 * the chat: when the lead cannot be recorded (another site's form, too many
 * chats from one address, the database down), the chat opens without a reference.
 */

export const messengerChannels = ['whatsapp', 'telegram'] as const;
export type MessengerChannel = (typeof messengerChannels)[number];

export function isMessengerChannel(value: unknown): value is MessengerChannel {
  return value === 'whatsapp' || value === 'telegram';
}

/** The configured chats: a channel is offered only where its number or bot is set. */
export function messengerTargets(): Partial<Record<MessengerChannel, string>> {
  const { whatsapp, telegramBot } = siteConfig.messengers;
  return {
    ...(whatsapp ? { whatsapp } : {}),
    ...(telegramBot ? { telegram: telegramBot } : {}),
  };
}

/** Chats one address may open in the window before they stop being recorded. */
export const messengerLimits = { perAddress: 10, windowMs: 10 * 60 * 1000 } as const;

export const messengerFieldNames = [
  'channel',
  'language',
  'page',
  'attribution',
  'analytics',
] as const;
export type MessengerFields = Partial<Record<(typeof messengerFieldNames)[number], string>>;

const pagePattern = /^\/[^\s]{0,299}$/;

/** Records a messenger lead and returns its reference, or nothing when it was not recorded. */
export async function recordMessengerLead(
  getDb: () => Promise<Database>,
  fields: MessengerFields,
  context: SubmissionContext,
): Promise<string | undefined> {
  const now = context.now ?? new Date();
  if (!isMessengerChannel(fields.channel)) return undefined;
  if (!context.origin || !context.allowedOrigins.includes(context.origin)) return undefined;
  const language: LangCode = isLangCode(fields.language) ? fields.language : 'ru';
  const cleanPage = cleanText(fields.page ?? '');
  const page = pagePattern.test(cleanPage) ? cleanPage : `/${language}`;
  const attribution =
    parseAttribution(fields.attribution, now) ??
    attributionFromFormPage(context.referer ?? null, now);
  const analytics = parseClientIds(fields.analytics);
  const db = await getDb();
  const key = `messenger:${context.ip}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`rate:${key}`}))`);
    const since = new Date(now.getTime() - messengerLimits.windowMs);
    const [hits] = await tx
      .select({ n: count() })
      .from(submissionHits)
      .where(and(eq(submissionHits.ip, key), gt(submissionHits.createdAt, since)));
    if ((hits?.n ?? 0) >= messengerLimits.perAddress) return undefined;
    await tx.insert(submissionHits).values({ ip: key, createdAt: now });
    const reference = newReference();
    const [lead] = await tx
      .insert(leads)
      .values({
        reference,
        createdAt: now,
        kind: 'messenger',
        contactMethod: fields.channel as MessengerChannel,
        contactValue: null,
        language,
        page,
        attribution,
        analytics,
        status: 'new',
        idempotencyKey: `messenger:${reference}`,
      })
      .returning({ id: leads.id });
    if (context.channels.length > 0) {
      await tx
        .insert(outboxJobs)
        .values(
          context.channels.map((channel) => ({ leadId: lead!.id, channel, nextAttemptAt: now })),
        );
    }
    return reference;
  });
}

/** The chat's address, with the first message (WhatsApp) or start parameter (Telegram). */
export async function messengerUrl(
  channel: MessengerChannel,
  language: LangCode,
  reference: string | undefined,
): Promise<string | undefined> {
  const target = messengerTargets()[channel];
  if (!target) return undefined;
  if (channel === 'telegram') {
    return `https://t.me/${target}${reference ? `?start=${encodeURIComponent(reference)}` : ''}`;
  }
  const locale = localeFromCode(language);
  const t = await translatorFor(locale, 'Messenger');
  const text = reference
    ? t('firstMessage', { brand: siteConfig.name, reference })
    : t('firstMessagePlain', { brand: siteConfig.name });
  return `https://wa.me/${target.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
