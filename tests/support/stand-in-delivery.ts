import { createDeliverers } from '@/server/delivery/wiring';
import { parseServerEnv } from '@/server/env';
import { startFakeSmtp, startFakeTelegram } from './fake-services';

export const standInBotToken = '123456789:AAEhBOweik6ad6PsVMRxjeQKkHmdhGfhV0';

/** Leads delivered to a stand-in Telegram and a stand-in mail server, notified in English. */
export async function startStandInDelivery() {
  const [telegram, smtp] = await Promise.all([startFakeTelegram(), startFakeSmtp()]);
  const deliverers = await createDeliverers(
    parseServerEnv({
      TELEGRAM_BOT_TOKEN: standInBotToken,
      TELEGRAM_CHAT_ID: '-1001234567890',
      TELEGRAM_API_URL: telegram.url,
      SMTP_URL: smtp.url,
      LEADS_EMAIL_TO: 'sales@example.com',
      LEADS_NOTIFY_LANGUAGE: 'en',
    }),
  );
  return {
    telegram,
    smtp,
    deliverers,
    close: () => Promise.all([telegram.close(), smtp.close()]),
  };
}
