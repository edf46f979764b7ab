import 'server-only';
import nodemailer from 'nodemailer';
import { siteConfig } from '@/config/site';
import type { ServerEnv } from '@/server/env';
import { errorDetails, logger } from '@/server/log';
import { leadProposalAttachment } from '@/server/proposal/lead';
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
  type Attachment = { filename: string; content: Buffer; contentType: string };
  async function mail(message: {
    subject: string;
    text: string;
    html: string;
    attachments?: Attachment[];
  }) {
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
    send: async (lead) => {
      // A request sent from the calculator comes with its estimate as the PDF
      // the visitor could download, made again from the stored selection.
      // Should it fail, the mail goes without it: the body links to it too.
      const estimate = await leadProposalAttachment(lead).catch((error: unknown) => {
        logger.error(
          { event: 'delivery.email.estimate', reference: lead.reference, ...errorDetails(error) },
          'could not make the estimate PDF for the e-mail; sending without it',
        );
        return undefined;
      });
      await mail({
        ...emailMessage(lead, texts, siteConfig.timeZone),
        ...(estimate ? { attachments: [estimate] } : {}),
      });
    },
    sendSummary: (leads) => mail(emailSummary(leads, texts)),
    sendAlert: (alert) => mail(emailAlert(alert, texts, siteConfig.timeZone)),
  };
}
