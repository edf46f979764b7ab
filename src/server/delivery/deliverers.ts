import 'server-only';
import nodemailer from 'nodemailer';
import { siteConfig } from '@/config/site';
import type { Messages } from 'next-intl';
import type { Currency } from '@/config/pricing';
import { env as siteEnv } from '@/env';
import { localeFromCode, type Locale } from '@/i18n/locales';
import { summarize, type CalculatorTexts } from '@/lib/calculator/describe';
import type { EstimateLine } from '@/lib/calculator/estimate';
import { leadEstimateSchema } from '@/lib/calculator/lead-estimate';
import { calculatorTexts } from '@/server/calculator/texts';
import { loadMessages } from '@/i18n/messages';
import type { ServerEnv } from '@/server/env';
import type { Channel } from '@/server/leads/channels';
import {
  emailMessage,
  telegramMessage,
  type LeadForNotification,
  type NotificationTexts,
} from './format';

/** A failed delivery; `retryAfterMs` when the other side said how long to wait. */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export type Deliverer = (lead: LeadForNotification) => Promise<void>;
export type Deliverers = Partial<Record<Channel, Deliverer>>;

export async function notificationTexts(env: ServerEnv): Promise<NotificationTexts> {
  const locale = localeFromCode(env.LEADS_NOTIFY_LANGUAGE);
  const messages = (await loadMessages(locale)) as Messages;
  return {
    ...messages.LeadNotification,
    describeEstimate: estimateDescriber(locale, messages),
  };
}

/**
 * "Corporate website · 10 pages · … · 270 000 ₽ – 400 000 ₽ · about 7 weeks",
 * in the team's language and the currency the visitor saw, with the link that
 * opens the same estimate in the calculator.
 */
function estimateDescriber(locale: Locale, messages: Messages) {
  const texts = new Map<Currency, CalculatorTexts>();
  return (stored: unknown): string | undefined => {
    const parsed = leadEstimateSchema.safeParse(stored);
    if (!parsed.success) return undefined;
    const estimate = parsed.data;
    let inCurrency = texts.get(estimate.currency);
    if (!inCurrency) {
      inCurrency = calculatorTexts(locale, messages, estimate.currency);
      texts.set(estimate.currency, inCurrency);
    }
    const summary = summarize(inCurrency, estimate.selection, {
      ...estimate,
      lines: estimate.lines as EstimateLine[],
    });
    return `${summary} · ${siteEnv.SITE_URL}${estimate.link}`;
  };
}

function telegramDeliverer(env: ServerEnv, texts: NotificationTexts): Deliverer {
  const url = `${env.TELEGRAM_API_URL}/bot${env.TELEGRAM_BOT_TOKEN}/sendMessage`;
  return async (lead) => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          chat_id: env.TELEGRAM_CHAT_ID,
          text: telegramMessage(lead, texts, siteConfig.timeZone),
          parse_mode: 'HTML',
          link_preview_options: { is_disabled: true },
        }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new DeliveryError(`Telegram unreachable: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as {
      ok?: boolean;
      description?: string;
      parameters?: { retry_after?: number };
    };
    if (!response.ok || !body.ok) {
      const retryAfter = body.parameters?.retry_after;
      // The bot token is part of the URL: never put the URL in an error.
      throw new DeliveryError(
        `Telegram answered ${response.status}: ${body.description ?? 'no description'}`,
        retryAfter ? retryAfter * 1000 : undefined,
      );
    }
  };
}

function emailDeliverer(env: ServerEnv, texts: NotificationTexts): Deliverer {
  const url = new URL(env.SMTP_URL!);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return async (lead) => {
    const { subject, text, html } = emailMessage(lead, texts, siteConfig.timeZone);
    try {
      await transport.sendMail({
        from: env.LEADS_EMAIL_FROM,
        to: env.LEADS_EMAIL_TO,
        subject,
        text,
        html,
      });
    } catch (error) {
      throw new DeliveryError(`SMTP failed: ${(error as Error).message}`);
    }
  };
}

/** One deliverer per configured channel. */
export async function createDeliverers(env: ServerEnv): Promise<Deliverers> {
  const texts = await notificationTexts(env);
  const deliverers: Deliverers = {};
  if (env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_CHAT_ID)
    deliverers.telegram = telegramDeliverer(env, texts);
  if (env.SMTP_URL && env.LEADS_EMAIL_TO) deliverers.email = emailDeliverer(env, texts);
  return deliverers;
}
