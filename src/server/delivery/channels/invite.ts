import 'server-only';
import { siteConfig } from '@/config/site';
import { invitationMail } from '@/server/booking/invitation';
import type { ServerEnv } from '@/server/env';
import { DeliveryError, type Delivery } from '../types';
import { smtpMailer } from './email';

/**
 * The calendar invitation of a booked call, mailed to the visitor who gave an
 * e-mail (channel `invite`, jobs of kind `booking` only), in the language of
 * their request, from the site's address with replies going to the agency's.
 * The address is the visitor's own and goes nowhere else: not into a log, and
 * not into an error, which the outbox strips of it (src/server/delivery/outbox.ts).
 */
export function inviteDelivery(env: ServerEnv): Delivery {
  const send = smtpMailer(env);
  return {
    send: () =>
      Promise.reject(new DeliveryError('invitations carry booked calls only', { permanent: true })),
    sendBooking: async (lead, booking) => {
      if (lead.contactMethod !== 'email' || !lead.contactValue)
        throw new DeliveryError('the visitor gave no e-mail to invite', { permanent: true });
      const mail = await invitationMail(lead, booking);
      await send({
        to: lead.contactValue,
        replyTo: siteConfig.contacts.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        icalEvent: { method: 'REQUEST', filename: 'invitation.ics', content: mail.calendar },
      });
    },
  };
}
