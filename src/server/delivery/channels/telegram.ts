import 'server-only';
import { siteConfig } from '@/config/site';
import type { ServerEnv } from '@/server/env';
import {
  telegramAlert,
  telegramBooking,
  telegramMessage,
  telegramSummary,
  type NotificationTexts,
} from '../format';
import { DeliveryError, postJson, retryAfterMs, type Delivery } from '../types';

/** Posts each lead to the team's chat through the Bot API (`sendMessage`, HTML). */
export function telegramDelivery(env: ServerEnv, texts: NotificationTexts): Delivery {
  const url = `${env.TELEGRAM_API_URL}/bot${env.TELEGRAM_BOT_TOKEN}/sendMessage`;
  async function post(text: string) {
    const response = await postJson('Telegram', url, {
      chat_id: env.TELEGRAM_CHAT_ID,
      text,
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
    });
    const body = (response.body ?? {}) as {
      ok?: boolean;
      description?: string;
      parameters?: { retry_after?: number };
    };
    if (response.status >= 200 && response.status < 300 && body.ok) return;
    // The bot token is part of the URL: never put the URL in an error.
    throw new DeliveryError(
      `Telegram answered ${response.status}: ${body.description ?? 'no description'}`,
      {
        retryAfterMs: retryAfterMs(body.parameters?.retry_after),
        // A wrong token or a chat the bot is not in does not fix itself.
        permanent: response.status === 401 || response.status === 403,
      },
    );
  }
  return {
    send: (lead) => post(telegramMessage(lead, texts, siteConfig.timeZone)),
    sendBooking: (lead, booking) =>
      post(telegramBooking(lead, booking, texts, siteConfig.timeZone)),
    sendSummary: (leads) => post(telegramSummary(leads, texts)),
    sendAlert: (alert) => post(telegramAlert(alert, texts, siteConfig.timeZone)),
  };
}
