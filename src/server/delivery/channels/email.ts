import 'server-only';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { siteConfig } from '@/config/site';
import type { ServerEnv } from '@/server/env';
import { errorDetails, logger } from '@/server/log';
import { bookingEvent } from '@/server/booking/invitation';
import { leadProposalAttachment } from '@/server/proposal/lead';
import {
  bookingText,
  emailAlert,
  emailBooking,
  emailMessage,
  emailSummary,
  type NotificationTexts,
} from '../format';
import { DeliveryError, type Delivery } from '../types';

/**
 * Sends mail through SMTP_URL, as the site (LEADS_EMAIL_FROM). A failure is a
 * DeliveryError: a 5xx answer is a refusal that repeating will not change,
 * a 4xx one is "try later".
 */
export function smtpMailer(env: ServerEnv) {
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
  return async (message: SendMailOptions) => {
    try {
      await transport.sendMail({ from: env.LEADS_EMAIL_FROM, ...message });
    } catch (error) {
      const smtp = error as Error & { responseCode?: number };
      throw new DeliveryError(`SMTP failed: ${smtp.message}`, {
        permanent: typeof smtp.responseCode === 'number' && smtp.responseCode >= 500,
      });
    }
  };
}

/** Mails each lead to the team (SMTP_URL, LEADS_EMAIL_TO). */
export function emailDelivery(env: ServerEnv, texts: NotificationTexts): Delivery {
  const send = smtpMailer(env);
  const mail = (message: SendMailOptions) => send({ to: env.LEADS_EMAIL_TO, ...message });
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
    // The booked call, with the team's copy of its calendar event.
    sendBooking: async (lead, booking) => {
      const message = emailBooking(lead, booking, texts, siteConfig.timeZone);
      const { headline, rows } = bookingText(lead, booking, texts, siteConfig.timeZone);
      await mail({
        ...message,
        icalEvent: {
          method: 'PUBLISH',
          filename: `call-${lead.reference}.ics`,
          content: bookingEvent(booking, {
            method: 'PUBLISH',
            summary: texts.booking.summary(lead.reference),
            description: [headline, ...rows.map((row) => `${row.label}: ${row.value}`)].join('\n'),
            language: texts.booking.locale,
          }),
        },
      });
    },
    sendSummary: (leads) => mail(emailSummary(leads, texts)),
    sendAlert: (alert) => mail(emailAlert(alert, texts, siteConfig.timeZone)),
  };
}
