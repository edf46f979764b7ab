import 'server-only';
import { serverEnv } from '@/server/env';

export type Channel = 'telegram' | 'email';

/** The delivery channels this installation has settings for. */
export function enabledChannels(): Channel[] {
  const env = serverEnv();
  const channels: Channel[] = [];
  if (env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_CHAT_ID) channels.push('telegram');
  if (env.SMTP_URL && env.LEADS_EMAIL_TO) channels.push('email');
  return channels;
}
