import type { APIRoute } from 'astro';
import { isLangCode, type LangCode } from '@/i18n/locales';
import { getDb } from '@/server/db/client';
import { readBody } from '@/server/leads/intake';
import {
  isMessengerChannel,
  messengerFieldNames,
  messengerUrl,
  recordMessengerLead,
  type MessengerFields,
} from '@/server/leads/messenger';
import { submissionContext } from '@/server/leads/request-context';
import { errorDetails, logger } from '@/server/log';

export const prerender = false;

const noStore = { 'Cache-Control': 'no-store' };

/**
 * A chat button: the form posts here (with or without JavaScript), the site
 * records the lead and answers 303 with the chat's address, whose first
 * message carries the lead's reference. Whatever fails, the visitor still
 * reaches the chat, without a reference; a channel that is not set sends them
 * to the contact page.
 */
export const POST: APIRoute = async ({ request, clientAddress }) => {
  // The buttons post a plain form; anything else reads as no fields.
  let fields: MessengerFields = {};
  try {
    const params = new URLSearchParams(await readBody(request, 8 * 1024));
    fields = Object.fromEntries(
      messengerFieldNames.flatMap((name) => {
        const value = params.get(name);
        return value === null ? [] : [[name, value]];
      }),
    );
  } catch {
    // Too large to read: the chat opens all the same.
  }
  const language: LangCode = isLangCode(fields.language) ? fields.language : 'ru';
  const channel = isMessengerChannel(fields.channel) ? fields.channel : undefined;
  let reference: string | undefined;
  if (channel) {
    try {
      reference = await recordMessengerLead(
        getDb,
        fields,
        submissionContext(request.headers, clientAddress),
      );
    } catch (error) {
      logger.error(
        { event: 'messenger.record', channel, ...errorDetails(error) },
        'could not record a chat opened from the site; opening it without a reference',
      );
    }
    if (reference) logger.info({ event: 'messenger.opened', channel, reference }, 'chat opened');
  }
  const url = channel ? await messengerUrl(channel, language, reference) : undefined;
  return new Response(null, {
    status: 303,
    headers: { ...noStore, Location: url ?? `/${language}/contacts` },
  });
};

export const ALL: APIRoute = () =>
  new Response('405 Method Not Allowed\n', {
    status: 405,
    headers: { ...noStore, Allow: 'POST', 'Content-Type': 'text/plain; charset=utf-8' },
  });
