import type { APIRoute } from 'astro';
import { negotiateLangCode } from '@/lib/locale-negotiation';
import {
  apiBodyLimit,
  fieldsFromBody,
  intakeLead,
  readBody,
  type IntakeAnswer,
} from '@/server/leads/intake';
import { requestId } from '@/server/leads/request-context';
import { failureMessage } from '@/server/leads/result-message';

export const prerender = false;

const allow = 'POST, OPTIONS';

function respond({
  requestId,
  result,
  message,
}: Pick<IntakeAnswer, 'requestId' | 'result' | 'message'>) {
  const { httpStatus, ...body } = result;
  const headers = new Headers({ 'Cache-Control': 'no-store', 'X-Request-Id': requestId });
  if ('retryAfter' in result) headers.set('Retry-After', String(result.retryAfter));
  if (result.status === 'method_not_allowed') headers.set('Allow', allow);
  return Response.json(
    { ...body, ...(message ? { message } : {}) },
    { status: httpStatus, headers },
  );
}

/**
 * The consultation request as an HTTP API: what the site's form sends with
 * JavaScript (the same fields it posts to its page without), and what scripts,
 * monitoring and load tests use. Both doors go through one intake
 * (src/server/leads/intake.ts). Accepts JSON or a URL-encoded form and answers
 * 201 (or 200 for a repeat of the same key), 400, 403, 405, 413, 429 with
 * Retry-After, or 503 when the database is down, with a message in the
 * request's language.
 */
export const POST: APIRoute = async ({ request, clientAddress }) => {
  const answer = await intakeLead(request.headers, clientAddress, async () =>
    fieldsFromBody(
      await readBody(request, apiBodyLimit),
      request.headers.get('content-type') ?? '',
    ),
  );
  return respond(answer);
};

export const OPTIONS: APIRoute = () =>
  new Response(null, { status: 204, headers: { Allow: allow, 'Cache-Control': 'no-store' } });

/** Any other method: 405, said in the browser's language. */
export const ALL: APIRoute = async ({ request }) => {
  const language = negotiateLangCode({
    cookie: undefined,
    acceptLanguage: request.headers.get('accept-language'),
  });
  const result = { status: 'method_not_allowed', httpStatus: 405 } as const;
  return respond({
    requestId: requestId(request.headers),
    result,
    message: await failureMessage(result, language),
  });
};
