import { isLangCode } from '@/i18n/locales';
import { getDb } from '@/server/db/client';
import { requestId, submissionContext } from '@/server/leads/request-context';
import { failureMessage } from '@/server/leads/result-message';
import {
  submissionFieldNames,
  submissionLimits,
  submitLead,
  type SubmissionFields,
  type SubmissionResult,
} from '@/server/leads/submit';
import { logger, logSubmission } from '@/server/log';

export const dynamic = 'force-dynamic';

/** Reads at most `limit` bytes of the body; undefined if it is longer. */
async function readBody(request: Request, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) return undefined;
  const reader = request.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseFields(body: string, contentType: string): SubmissionFields {
  const source: Record<string, unknown> = contentType.includes('application/json')
    ? (JSON.parse(body || '{}') as Record<string, unknown>)
    : Object.fromEntries(new URLSearchParams(body));
  const fields: SubmissionFields = {};
  for (const name of submissionFieldNames) {
    const value = source[name];
    if (typeof value === 'string') fields[name] = value;
    else if (typeof value === 'boolean') fields[name] = String(value);
    else if (name === 'estimate' && value && typeof value === 'object')
      fields[name] = JSON.stringify(value);
  }
  return fields;
}

function respond(
  id: string,
  result: SubmissionResult | { status: 'bad_request'; httpStatus: 400 },
  message?: string,
) {
  const { httpStatus, ...body } = result;
  const headers = new Headers({ 'Cache-Control': 'no-store', 'X-Request-Id': id });
  if ('retryAfter' in result) headers.set('Retry-After', String(result.retryAfter));
  return Response.json(
    { ...body, ...(message ? { message } : {}) },
    { status: httpStatus, headers },
  );
}

/**
 * The consultation request as an HTTP API, for scripts, monitoring and load
 * tests; the site's own form uses the server action, which shares the checks.
 * Accepts JSON or a urlencoded form; answers 201/200, 400, 403, 413, 429 with
 * Retry-After, or 503 when the database is down.
 */
export async function POST(request: Request) {
  const id = requestId(request.headers);
  const body = await readBody(request, submissionLimits.maxBodyBytes + 1024);
  if (body === undefined) return respond(id, { status: 'too_large', httpStatus: 413 });
  let fields: SubmissionFields;
  try {
    fields = parseFields(body, request.headers.get('content-type') ?? '');
  } catch {
    return respond(id, { status: 'bad_request', httpStatus: 400 });
  }
  const language = isLangCode(fields.language) ? fields.language : 'ru';
  try {
    const result = await submitLead(getDb, fields, submissionContext(request.headers));
    logSubmission(id, result, language);
    return respond(id, result, await failureMessage(result, language));
  } catch (error) {
    logger.error(
      { event: 'lead.error', requestId: id, error: (error as Error).message },
      'lead submission failed',
    );
    throw error;
  }
}
