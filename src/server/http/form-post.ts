import 'server-only';
import { env as publicEnv } from '@/env';
import { isLangCode, localeFromCode, type LangCode } from '@/i18n/locales';
import { formValues, type ConsultationState } from '@/lib/consultation/form-state';
import { allowedOrigins } from '@/lib/http/origins';
import { fieldsFromFormData, intakeLead, readBody, UnreadableBody } from '@/server/leads/intake';
import {
  failureMessage,
  failurePageTexts,
  type FailureStatus,
} from '@/server/leads/result-message';
import { currentFreeSlots } from '@/server/booking/book';
import { getDb } from '@/server/db/client';
import { errorDetails, logger } from '@/server/log';

/**
 * The consultation form's door without JavaScript: the form posts to the page
 * it is on (its address, query included, so the answer is shown where the
 * visitor is and the address stays), and the server answers with a page of
 * its own (src/components/consultation/form-answer.astro): the thank-you, or
 * the form again with what went wrong and everything that was typed. The
 * pages themselves stay files built ahead; only the post is answered per request.
 *
 * What is not a form post a person's browser makes is refused before the
 * intake, each as what it is (403 from another site, 413 over the limit, 400
 * not a form, 405 another method), in the page's language, with a small page
 * and a way back (or the bare message, for a client that does not want HTML).
 * Astro's own origin check is off (astro.config.mjs) so that this answers.
 */

/** Larger than any form a person fills in (the intake's own limit on the fields is 16 KB). */
export const formPostLimitBytes = 32 * 1024;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function refuse(
  request: Request,
  pathname: string,
  code: LangCode,
  status: FailureStatus,
  httpStatus: 400 | 403 | 405 | 413,
): Promise<Response> {
  const message = await failureMessage({ status }, code);
  logger.info(
    { event: 'form.refused', status: httpStatus, path: pathname.slice(0, 200) },
    'form post refused before the intake',
  );
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (httpStatus === 405) headers.set('Allow', 'GET, HEAD, POST');
  if (!request.headers.get('accept')?.includes('text/html')) {
    headers.set('Content-Type', 'text/plain; charset=utf-8');
    return new Response(message, { status: httpStatus, headers });
  }
  const { title, back } = await failurePageTexts(code);
  const href = `${pathname}#consultation`;
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(
    `<!doctype html><html lang="${localeFromCode(code)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{font:16px/1.6 system-ui,sans-serif;margin:0;color:#0f172a}main{max-width:40rem;margin:10vh auto;padding:0 1.5rem}h1{font-size:1.75rem;line-height:1.2}a{color:#1d4ed8}</style></head><body><main><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p><p><a href="${escapeHtml(href)}">${escapeHtml(back)}</a></p></main></body></html>`,
    { status: httpStatus, headers },
  );
}

/** The form of a post that may go on to the intake, or the refusal to send. */
export async function readFormPost(
  request: Request,
  pathname: string,
): Promise<FormData | Response> {
  const prefix = pathname.split('/')[1];
  const code: LangCode = isLangCode(prefix) ? prefix : 'ru';
  const method = request.method.toUpperCase();
  if (method === 'OPTIONS')
    return new Response(null, { status: 204, headers: { Allow: 'GET, HEAD, POST' } });
  if (method !== 'POST') return refuse(request, pathname, code, 'method_not_allowed', 405);

  const origin = request.headers.get('origin');
  if (origin && !allowedOrigins(request.headers, publicEnv.SITE_URL).includes(origin))
    return refuse(request, pathname, code, 'forbidden', 403);

  const contentType = request.headers.get('content-type') ?? '';
  // Only the media type is case-insensitive: a multipart boundary is not.
  const type = contentType.toLowerCase();
  const form =
    type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded');
  let body: string;
  try {
    body = await readBody(request, formPostLimitBytes);
  } catch (error) {
    if (!(error instanceof UnreadableBody)) throw error;
    return error.status === 'too_large'
      ? refuse(request, pathname, code, 'too_large', 413)
      : refuse(request, pathname, code, 'bad_request', 400);
  }
  if (!form) return refuse(request, pathname, code, 'bad_request', 400);
  try {
    return await new Response(body, { headers: { 'Content-Type': contentType } }).formData();
  } catch {
    return refuse(request, pathname, code, 'bad_request', 400);
  }
}

/**
 * The free slots to offer beside the thank-you. The request is already in:
 * should the slots not load, the thank-you goes without the offer.
 */
async function bookingOffer(booking: {
  token: string;
  timeZone: string | null;
}): Promise<FormAnswer['booking']> {
  try {
    const slots = await currentFreeSlots(await getDb(), new Date());
    return { ...booking, slots: slots.map((slot) => slot.start.toISOString()) };
  } catch (error) {
    logger.warn(
      { event: 'booking.offer', ...errorDetails(error) },
      'could not load the free slots for the thank-you page',
    );
    return undefined;
  }
}

/** The page that answers a form post: its status and what the form shows. */
export type FormAnswer = {
  status: number;
  headers: Record<string, string>;
  state: ConsultationState;
  /** The estimate's selection the request carried (a post from the calculator page). */
  estimate?: string;
  /**
   * After an accepted request: what booking a call takes (the token, the
   * visitor's time zone if the request recorded one, the free slots' starts).
   */
  booking?: { token: string; timeZone: string | null; slots: string[] };
};

/**
 * Answers a request with a body to a page: a refusal (see `readFormPost`), or
 * what the page that answers the form shows. `pathname` is the page's address
 * (its language decides the answer's); `peer` the connection's address.
 */
export async function answerFormPost(
  request: Request,
  pathname: string,
  peer: string | undefined,
): Promise<Response | FormAnswer> {
  const form = await readFormPost(request, pathname);
  if (form instanceof Response) return form;
  const {
    result,
    message = '',
    fields,
  } = await intakeLead(request.headers, peer, () => fieldsFromFormData(form));
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  const estimate = fields.estimate || undefined;
  if (result.status === 'accepted')
    return {
      status: 200,
      headers,
      state: { status: 'success', reference: result.reference, method: result.method },
      estimate,
      booking: result.booking ? await bookingOffer(result.booking) : undefined,
    };
  const values = formValues((name) => fields[name]);
  // The form shown again keeps its key, so that sending it again (or the
  // browser repeating the post) never makes a second lead; a form that came
  // without one (no script to fetch it) gets one here.
  const kept = { token: fields.token, key: fields.key || crypto.randomUUID() };
  if (result.status === 'invalid')
    // A form shown again to be corrected is the page the visitor goes on with, not a failure.
    return {
      status: 200,
      headers,
      state: { status: 'invalid', values, errors: result.errors, message, ...kept },
      estimate,
    };
  // Refused or not stored (the rate limit, the database): the status says so.
  if ('retryAfter' in result) headers['Retry-After'] = String(result.retryAfter);
  const kind = result.status === 'method_not_allowed' ? 'bad_request' : result.status;
  return {
    status: result.httpStatus,
    headers,
    state: { status: 'failed', kind, values, message, ...kept },
    estimate,
  };
}
