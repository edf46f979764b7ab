import 'server-only';
import { isLangCode, type LangCode } from '@/i18n/locales';
import { negotiateLangCode } from '@/lib/locale-negotiation';
import { getDb as defaultGetDb, type Database } from '@/server/db/client';
import { errorDetails, logger, logSubmission } from '@/server/log';
import { requestId as requestIdOf, submissionContext, type HeaderSource } from './request-context';
import { failureMessage } from './result-message';
import {
  submissionFieldNames,
  submissionLimits,
  submitLead,
  type SubmissionFields,
  type SubmissionResult,
} from './submit';

/**
 * The one intake of consultation requests. Its two doors are thin adapters
 * over it: the site's form posted without JavaScript to the page it is on
 * (src/server/http/form-post.ts) and POST /api/leads, which the form's script
 * and anything else uses (src/pages/api/leads/index.ts). It owns reading the
 * fields, the language fallback, the request id, the log lines and the
 * answer, in the visitor's language. The HTTP status is decided by the adapter
 * at its edge; the answer carries the one to use.
 */

export type IntakeResult =
  | SubmissionResult
  | { status: 'bad_request'; httpStatus: 400 }
  | { status: 'method_not_allowed'; httpStatus: 405 };

export type IntakeAnswer = {
  requestId: string;
  language: LangCode;
  result: IntakeResult;
  /** For anything but a success: what to tell the visitor, in their language. */
  message?: string;
  /** The fields as read, so a form can show back what was typed. */
  fields: SubmissionFields;
};

/** A body that cannot be read (413 when too large, 400 otherwise). */
export class UnreadableBody extends Error {
  override name = 'UnreadableBody';
  constructor(readonly status: 'too_large' | 'bad_request') {
    super(status);
  }
}

/**
 * The known fields of a submission, as text: the first value of each name;
 * booleans and numbers as their text, an object (an estimate or attribution a
 * script sent as JSON) as JSON. Anything else is left out.
 */
export function readFields(
  get: (name: (typeof submissionFieldNames)[number]) => unknown,
): SubmissionFields {
  const fields: SubmissionFields = {};
  for (const name of submissionFieldNames) {
    let value = get(name);
    if (Array.isArray(value)) value = value[0];
    if (typeof value === 'string') fields[name] = value;
    else if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))
      fields[name] = String(value);
    else if (
      (name === 'estimate' || name === 'attribution' || name === 'analytics') &&
      value &&
      typeof value === 'object'
    )
      fields[name] = JSON.stringify(value);
  }
  return fields;
}

export function fieldsFromFormData(formData: FormData): SubmissionFields {
  return readFields((name) => {
    const value = formData.get(name);
    return typeof value === 'string' ? value : undefined;
  });
}

/**
 * A field of a body by name: JSON (an object) or a URL-encoded form, the two
 * ways the site's forms are sent, with and without JavaScript. Anything else,
 * or a body that does not parse, is 400.
 */
export function bodyFields(body: string, contentType: string): (name: string) => unknown {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body || '{}');
    } catch {
      throw new UnreadableBody('bad_request');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new UnreadableBody('bad_request');
    const source = parsed as Record<string, unknown>;
    return (name) => (Object.hasOwn(source, name) ? source[name] : undefined);
  }
  if (type === 'application/x-www-form-urlencoded' || type === '') {
    const params = new URLSearchParams(body);
    return (name) => params.get(name) ?? undefined;
  }
  throw new UnreadableBody('bad_request');
}

/** A consultation request's fields from its body (see bodyFields). */
export function fieldsFromBody(body: string, contentType: string): SubmissionFields {
  return readFields(bodyFields(body, contentType));
}

/** Reads at most `limit` bytes of a request body as UTF-8; a longer one is refused. */
export async function readBody(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw new UnreadableBody('too_large');
  const reader = request.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw new UnreadableBody('too_large');
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof UnreadableBody) throw error;
    throw new UnreadableBody('bad_request');
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

/** The body limit of the HTTP API: the fields' limit and room for their names and JSON. */
export const apiBodyLimit = submissionLimits.maxBodyBytes + 4 * 1024;

/**
 * The language of an answer to a form (a request, a booking): the form's,
 * else the page it came from, else the browser's.
 */
export function languageOf(fields: { language?: string }, headers: HeaderSource): LangCode {
  if (isLangCode(fields.language)) return fields.language;
  const referer = headers.get('referer');
  const prefix = referer
    ? /^[a-z]+:\/\/[^/]+\/([a-z]{2})(?:[/?#]|$)/i.exec(referer)?.[1]
    : undefined;
  if (isLangCode(prefix)) return prefix;
  return negotiateLangCode({ cookie: undefined, acceptLanguage: headers.get('accept-language') });
}

/**
 * `peer` is the address of the connection the request came on (Astro's
 * `clientAddress`), which the rate limit counts unless a trusted proxy says
 * otherwise (./request-context.ts).
 */
export async function intakeLead(
  headers: HeaderSource,
  peer: string | undefined,
  read: () => SubmissionFields | Promise<SubmissionFields>,
  getDb: () => Promise<Database> = defaultGetDb,
): Promise<IntakeAnswer> {
  const requestId = requestIdOf(headers);
  let fields: SubmissionFields = {};
  let result: IntakeResult;
  try {
    fields = await read();
  } catch (error) {
    if (!(error instanceof UnreadableBody)) throw error;
    result =
      error.status === 'too_large'
        ? { status: 'too_large', httpStatus: 413 }
        : { status: 'bad_request', httpStatus: 400 };
    const language = languageOf(fields, headers);
    return { requestId, language, result, fields, message: await failureMessage(result, language) };
  }
  const language = languageOf(fields, headers);
  try {
    result = await submitLead(getDb, { ...fields, language }, submissionContext(headers, peer));
  } catch (error) {
    logger.error(
      { event: 'lead.error', requestId, language, ...errorDetails(error) },
      'lead submission failed',
    );
    // What the framework prints of an error it catches must not carry what the visitor sent either.
    throw new Error(`lead submission failed (request ${requestId})`);
  }
  logSubmission(requestId, result, language);
  return {
    requestId,
    language,
    result,
    fields,
    message: result.status === 'accepted' ? undefined : await failureMessage(result, language),
  };
}
