/**
 * The names the consultation form is made of, without the checks: the form's
 * components import these at once, while the schema (zod and the phone number
 * rules, src/lib/consultation/schema.ts) loads when the visitor turns to the form.
 */

export const contactMethods = ['phone', 'email', 'telegram', 'whatsapp'] as const;
export type ContactMethod = (typeof contactMethods)[number];

/** The fields a visitor fills in, in the order the form shows them. */
export const consultationFields = [
  'method',
  'contact',
  'consent',
  'name',
  'message',
  'budget',
  'time',
] as const;
export type ConsultationField = (typeof consultationFields)[number];

export const consultationErrorCodes = [
  'methodInvalid',
  'contactRequired',
  'contactTooLong',
  'phoneInvalid',
  'emailInvalid',
  'telegramInvalid',
  'whatsappInvalid',
  'consentRequired',
  'nameTooLong',
  'messageTooLong',
  'budgetInvalid',
  'timeInvalid',
] as const;
export type ConsultationErrorCode = (typeof consultationErrorCodes)[number];

/** The first problem of each field, as a code the form shows in the page's language. */
export type FieldErrors = Partial<Record<ConsultationField, ConsultationErrorCode>>;
