import {
  budgetBandIds,
  consultationConfig,
  type BudgetBandId,
  type ContactTime,
} from '@/config/consultation';
import { contactMethods, type ContactMethod, type FieldErrors } from './fields';

/** What the visitor typed, sent back so that nothing is lost when something goes wrong. */
export type FormValues = {
  method: ContactMethod;
  contact: string;
  consent: boolean;
  name: string;
  message: string;
  budget: BudgetBandId | '';
  time: ContactTime | '';
};

export type FailureKind =
  'rate_limited' | 'unavailable' | 'forbidden' | 'too_large' | 'bad_request';

/**
 * What the consultation form shows: nothing sent yet, the thank-you, or the
 * form again with what went wrong. The server renders it for a request sent
 * without JavaScript; the form's script sets it from the API's answer. A form
 * shown again keeps its token and idempotency key, so sending it again never
 * makes a second lead.
 */
export type ConsultationState =
  | { status: 'idle'; values: FormValues; token?: string; key?: string }
  | {
      status: 'success';
      reference: string;
      method: ContactMethod;
      /** After a request sent by script: the token that books a call for it. */
      booking?: { token: string };
    }
  | {
      status: 'invalid';
      values: FormValues;
      errors: FieldErrors;
      message: string;
      token?: string;
      key?: string;
    }
  | {
      status: 'failed';
      kind: FailureKind;
      values: FormValues;
      message: string;
      token?: string;
      key?: string;
    };

export const initialValues: FormValues = {
  method: 'phone',
  contact: '',
  consent: false,
  name: '',
  message: '',
  budget: '',
  time: '',
};

const oneOf = <T extends string>(list: readonly T[], value: string | undefined, fallback: T): T =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/**
 * What a sent form held, to show back in it: never more than the form could
 * hold, and only choices it offers. `get` reads one field as sent.
 */
export function formValues(get: (name: keyof FormValues) => string | undefined): FormValues {
  const consent = get('consent');
  return {
    method: oneOf(contactMethods, get('method'), initialValues.method),
    contact: (get('contact') ?? '').slice(0, 300),
    consent: consent === 'on' || consent === 'true',
    name: (get('name') ?? '').slice(0, consultationConfig.maxNameLength * 2),
    message: (get('message') ?? '').slice(0, consultationConfig.maxMessageLength * 2),
    budget: oneOf([...budgetBandIds, ''], get('budget'), ''),
    time: oneOf([...consultationConfig.contactTimes, ''], get('time'), ''),
  };
}
