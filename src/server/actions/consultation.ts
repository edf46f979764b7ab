'use server';

import { headers } from 'next/headers';
import { budgetBandIds, consultationConfig } from '@/config/consultation';
import {
  initialValues,
  type ConsultationState,
  type FormValues,
} from '@/lib/consultation/form-state';
import { contactMethods } from '@/lib/consultation/fields';
import { fieldsFromFormData, intakeLead } from '@/server/leads/intake';
import type { SubmissionFields } from '@/server/leads/submit';

const oneOf = <T extends string>(list: readonly T[], value: string | undefined, fallback: T): T =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/** What the visitor sent, to show back in the form (never more than the form could hold). */
function valuesOf(fields: SubmissionFields): FormValues {
  return {
    method: oneOf(contactMethods, fields.method, initialValues.method),
    contact: (fields.contact ?? '').slice(0, 300),
    consent: fields.consent === 'on' || fields.consent === 'true',
    name: (fields.name ?? '').slice(0, consultationConfig.maxNameLength * 2),
    message: (fields.message ?? '').slice(0, consultationConfig.maxMessageLength * 2),
    budget: oneOf([...budgetBandIds, ''], fields.budget, ''),
    time: oneOf([...consultationConfig.contactTimes, ''], fields.time, ''),
  };
}

/**
 * The consultation form's server action: a thin adapter over the intake
 * (src/server/leads/intake.ts), answered as form state. It also serves the
 * form without JavaScript, where Next.js renders the page with the state it
 * returns.
 */
export async function submitConsultation(
  _previous: ConsultationState,
  formData: FormData,
): Promise<ConsultationState> {
  const {
    result,
    message = '',
    fields,
  } = await intakeLead(await headers(), () => fieldsFromFormData(formData));
  const values = valuesOf(fields);
  switch (result.status) {
    case 'accepted':
      return { status: 'success', reference: result.reference, method: result.method };
    case 'invalid':
      return {
        status: 'invalid',
        values,
        errors: result.errors,
        message,
        token: fields.token,
        key: fields.key,
      };
    default:
      // Keep the token and key: trying again must not create a second lead.
      return {
        status: 'failed',
        kind: result.status === 'method_not_allowed' ? 'bad_request' : result.status,
        values,
        message,
        token: fields.token,
        key: fields.key,
      };
  }
}
