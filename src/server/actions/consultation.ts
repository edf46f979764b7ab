'use server';

import { headers } from 'next/headers';
import { isLangCode } from '@/i18n/locales';
import type { ConsultationState, FormValues } from '@/lib/consultation/form-state';
import { contactMethods, type ContactMethod } from '@/lib/consultation/schema';
import { getDb } from '@/server/db/client';
import { requestId, submissionContext } from '@/server/leads/request-context';
import { failureMessage } from '@/server/leads/result-message';
import { submissionFieldNames, submitLead, type SubmissionFields } from '@/server/leads/submit';
import { logger, logSubmission } from '@/server/log';

function valuesOf(fields: SubmissionFields): FormValues {
  const method = (contactMethods as readonly string[]).includes(fields.method ?? '')
    ? (fields.method as ContactMethod)
    : 'phone';
  return {
    method,
    contact: (fields.contact ?? '').slice(0, 300),
    consent: fields.consent === 'on' || fields.consent === 'true',
  };
}

/**
 * The consultation form's server action: the same checks and storage as
 * POST /api/leads, answered as form state. It also serves the form without
 * JavaScript, where Next.js renders the page with the state it returns.
 */
export async function submitConsultation(
  _previous: ConsultationState,
  formData: FormData,
): Promise<ConsultationState> {
  const fields: SubmissionFields = {};
  for (const name of submissionFieldNames) {
    const value = formData.get(name);
    if (typeof value === 'string') fields[name] = value;
  }
  const language = isLangCode(fields.language) ? fields.language : 'ru';
  const values = valuesOf(fields);
  const requestHeaders = await headers();
  const id = requestId(requestHeaders);
  let result;
  try {
    result = await submitLead(getDb, fields, submissionContext(requestHeaders));
  } catch (error) {
    logger.error(
      { event: 'lead.error', requestId: id, error: (error as Error).message },
      'lead submission failed',
    );
    throw error;
  }
  logSubmission(id, result, language);
  const message = (await failureMessage(result, language)) ?? '';

  switch (result.status) {
    case 'accepted':
      return { status: 'success', reference: result.reference };
    case 'invalid':
      return {
        status: 'invalid',
        values,
        errors: result.errors,
        message,
        token: fields.token,
        key: fields.key,
      };
    case 'confirm':
      return {
        status: 'failed',
        kind: 'confirm',
        values,
        message,
        token: result.token,
        key: result.key,
      };
    default:
      // Keep the token and key: trying again must not create a second lead.
      return {
        status: 'failed',
        kind: result.status,
        values,
        message,
        token: fields.token,
        key: fields.key,
      };
  }
}
