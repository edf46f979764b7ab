import 'server-only';
import nodemailer from 'nodemailer';
import { siteConfig } from '@/config/site';
import type { ServerEnv } from '@/server/env';
import { emailAlert, emailMessage, emailSummary, type NotificationTexts } from '../format';
import { DeliveryError, type Delivery } from '../types';

/** Mails each lead to the team (SMTP_URL, LEADS_EMAIL_TO). */
export function emailDelivery(env: ServerEnv, texts: NotificationTexts): Delivery {
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
  async function mail(message: { subject: string; text: string; html: string }) {
    try {
      await transport.sendMail({ from: env.LEADS_EMAIL_FROM, to: env.LEADS_EMAIL_TO, ...message });
    } catch (error) {
      const smtp = error as Error & { responseCode?: number };
      throw new DeliveryError(`SMTP failed: ${smtp.message}`, {
        // 5xx is a refusal that repeating will not change (4xx is "try later").
        permanent: typeof smtp.responseCode === 'number' && smtp.responseCode >= 500,
      });
    }
  }
  return {
    send: (lead) => mail(emailMessage(lead, texts, siteConfig.timeZone)),
    sendSummary: (leads) => mail(emailSummary(leads, texts)),
    sendAlert: (alert) => mail(emailAlert(alert, texts, siteConfig.timeZone)),
  };
}
