import { http } from '@/lib/http/client';
import {
  consultationErrorCodes,
  contactMethods,
  type ContactMethod,
  type FieldErrors,
} from './fields';
import type { FailureKind } from './form-state';

/**
 * The consultation form's calls to the leads API, through the site's one HTTP
 * client: the request itself (a POST, so never retried: its idempotency key
 * makes sending it again safe) and the form token. The form loads this module
 * when the visitor turns to it.
 */

/** The form token and the idempotency key of the next request (GET /api/leads/token). */
export type Ticket = { token: string; key: string };

export async function fetchTicket(): Promise<Ticket | null> {
  try {
    const ticket = await http<Partial<Ticket>>('/api/leads/token');
    return typeof ticket.token === 'string' && typeof ticket.key === 'string'
      ? { token: ticket.token, key: ticket.key }
      : null;
  } catch {
    // Without a token the request still goes: the page's own count of time is sent.
    return null;
  }
}

/** The API's answer, as the form shows it. */
export type RequestAnswer =
  | { status: 'success'; reference: string; method: ContactMethod; bookingToken?: string }
  | { status: 'invalid'; errors: FieldErrors; message: string }
  | { status: 'failed'; kind: FailureKind; message: string }
  /** No answer, or one that is not the API's (a proxy's error page): nothing is known. */
  | { status: 'unreachable' };

type ApiBody = {
  status?: unknown;
  reference?: unknown;
  method?: unknown;
  booking?: unknown;
  errors?: unknown;
  message?: unknown;
};

const failureKinds: Record<string, FailureKind> = {
  rate_limited: 'rate_limited',
  unavailable: 'unavailable',
  forbidden: 'forbidden',
  too_large: 'too_large',
  bad_request: 'bad_request',
  method_not_allowed: 'bad_request',
};

function fieldErrors(value: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!value || typeof value !== 'object') return errors;
  for (const [field, code] of Object.entries(value)) {
    const known = consultationErrorCodes.find((c) => c === code);
    if (known) errors[field as keyof FieldErrors] = known;
  }
  return errors;
}

/** Reads an answer of POST /api/leads (see src/pages/api/leads/index.ts). */
export function readAnswer(body: unknown): RequestAnswer {
  if (!body || typeof body !== 'object') return { status: 'unreachable' };
  const { status, reference, method, booking, errors, message } = body as ApiBody;
  if (
    status === 'accepted' &&
    typeof reference === 'string' &&
    contactMethods.includes(method as ContactMethod)
  ) {
    // The token that books a call for this request (none for one kept as spam).
    const token = (booking as { token?: unknown } | null | undefined)?.token;
    return {
      status: 'success',
      reference,
      method: method as ContactMethod,
      ...(typeof token === 'string' ? { bookingToken: token } : {}),
    };
  }
  if (typeof message !== 'string') return { status: 'unreachable' };
  if (status === 'invalid') return { status: 'invalid', errors: fieldErrors(errors), message };
  const kind = typeof status === 'string' ? failureKinds[status] : undefined;
  return kind ? { status: 'failed', kind, message } : { status: 'unreachable' };
}

/** Sends the form's fields, as the form would post them without JavaScript. */
export async function sendRequest(fields: URLSearchParams): Promise<RequestAnswer> {
  try {
    const response = await http.raw<unknown>('/api/leads', {
      method: 'POST',
      body: fields,
      headers: { Accept: 'application/json' },
      // Every answer of the API carries what to tell the visitor, refusals included.
      ignoreResponseError: true,
    });
    return readAnswer(response._data);
  } catch {
    return { status: 'unreachable' };
  }
}
