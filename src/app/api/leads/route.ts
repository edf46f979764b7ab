import {
  apiBodyLimit,
  fieldsFromBody,
  intakeLead,
  readBody,
  type IntakeAnswer,
} from '@/server/leads/intake';
import { requestId } from '@/server/leads/request-context';
import { failureMessage } from '@/server/leads/result-message';
import { negotiateLangCode } from '@/lib/locale-negotiation';

export const dynamic = 'force-dynamic';

function respond({
  requestId,
  result,
  message,
}: Pick<IntakeAnswer, 'requestId' | 'result' | 'message'>) {
  const { httpStatus, ...body } = result;
  const headers = new Headers({ 'Cache-Control': 'no-store', 'X-Request-Id': requestId });
  if ('retryAfter' in result) headers.set('Retry-After', String(result.retryAfter));
  if (result.status === 'method_not_allowed') headers.set('Allow', 'POST, OPTIONS');
  return Response.json(
    { ...body, ...(message ? { message } : {}) },
    { status: httpStatus, headers },
  );
}

/**
 * The consultation request as an HTTP API, for scripts, monitoring and load
 * tests; the site's own form uses the server action. Both go through one
 * intake (src/server/leads/intake.ts). Accepts JSON or a URL-encoded form and
 * answers 201 (or 200 for a repeat of the same key), 400, 403, 405, 413, 429
 * with Retry-After, or 503 when the database is down, with a message in the
 * request's language.
 */
export async function POST(request: Request) {
  const answer = await intakeLead(request.headers, async () =>
    fieldsFromBody(
      await readBody(request, apiBodyLimit),
      request.headers.get('content-type') ?? '',
    ),
  );
  return respond(answer);
}

async function methodNotAllowed(request: Request) {
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
}

export {
  methodNotAllowed as GET,
  methodNotAllowed as PUT,
  methodNotAllowed as PATCH,
  methodNotAllowed as DELETE,
};
