import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { langCodes, type LangCode } from '@/i18n/locales';

/**
 * The consultation form, checked by one schema in the browser and on the server.
 * Errors are codes (`phoneInvalid`), which the form shows in the page's language
 * from `ConsultationForm.errors`; valid values come out normalised.
 */

// zod compiles object schemas with `new Function` when it may; its probe for
// that is itself an eval, which the site's Content Security Policy refuses (and
// reports). The form's schema is small: plain parsing is as fast here.
z.config({ jitless: true });

export const contactMethods = ['phone', 'email', 'telegram'] as const;
export type ContactMethod = (typeof contactMethods)[number];

/** Where a phone number without a country code is assumed to be. */
export const defaultRegion: Record<LangCode, CountryCode> = {
  ru: 'RU',
  en: 'US',
  kz: 'KZ',
  ua: 'UA',
};

export const consultationErrorCodes = [
  'methodInvalid',
  'contactRequired',
  'contactTooLong',
  'phoneInvalid',
  'emailInvalid',
  'telegramInvalid',
  'consentRequired',
] as const;
export type ConsultationErrorCode = (typeof consultationErrorCodes)[number];

/** Longer than any real phone, address or username: refused outright. */
export const maxContactLength = 254;

const telegramUsername = /^[A-Za-z0-9_]{5,32}$/;
const telegramLink = /^(?:https?:\/\/)?(?:www\.)?(?:t|telegram)\.me\/([A-Za-z0-9_]{5,32})\/?$/i;

export function normalizePhone(value: string, code: LangCode): string | undefined {
  const phone = parsePhoneNumberFromString(value, defaultRegion[code]);
  return phone?.isValid() ? phone.number : undefined;
}

/** `@name`, `name`, a t.me link or a phone number, as one canonical form. */
export function normalizeTelegram(value: string, code: LangCode): string | undefined {
  const link = telegramLink.exec(value);
  if (link) return `@${link[1]}`;
  const name = value.startsWith('@') ? value.slice(1) : value;
  if (telegramUsername.test(name) && !/^\d+$/.test(name)) return `@${name}`;
  // Telegram also finds people by phone number.
  if (/^[+\d\s().-]+$/.test(value)) return normalizePhone(value, code);
  return undefined;
}

const emailSchema = z.email();

export function normalizeEmail(value: string): string | undefined {
  if (!emailSchema.safeParse(value).success) return undefined;
  const at = value.lastIndexOf('@');
  return `${value.slice(0, at)}@${value.slice(at + 1).toLowerCase()}`;
}

/** A ticked checkbox arrives as "on" from a form and as true from script. */
const isTicked = (value: unknown) => value === true || value === 'on' || value === 'true';
const isMethod = (value: unknown): value is ContactMethod =>
  (contactMethods as readonly unknown[]).includes(value);

// Fields are taken leniently and checked together below, so that a visitor
// who got several things wrong hears about all of them at once.
export const consultationSchema = z
  .object({
    language: z.enum(langCodes),
    method: z.unknown().optional(),
    contact: z.unknown().optional(),
    consent: z.unknown().optional(),
  })
  .transform((input, ctx) => {
    const issue = (path: 'method' | 'contact' | 'consent', message: ConsultationErrorCode) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const contact = typeof input.contact === 'string' ? input.contact.trim() : '';
    let normalized: string | undefined;

    if (!isMethod(input.method)) issue('method', 'methodInvalid');
    if (!contact) issue('contact', 'contactRequired');
    else if (contact.length > maxContactLength) issue('contact', 'contactTooLong');
    else if (isMethod(input.method)) {
      normalized =
        input.method === 'phone'
          ? normalizePhone(contact, input.language)
          : input.method === 'email'
            ? normalizeEmail(contact)
            : normalizeTelegram(contact, input.language);
      if (!normalized) issue('contact', `${input.method}Invalid`);
    }
    if (!isTicked(input.consent)) issue('consent', 'consentRequired');

    if (!normalized || !isMethod(input.method) || !isTicked(input.consent)) return z.NEVER;
    return { language: input.language, method: input.method, contact: normalized };
  });

export type ConsultationInput = z.input<typeof consultationSchema>;
export type Consultation = z.output<typeof consultationSchema>;
export type FieldErrors = Partial<Record<'method' | 'contact' | 'consent', ConsultationErrorCode>>;

/** The first error of each field, as codes. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field === 'method' || field === 'contact' || field === 'consent') && !errors[field]) {
      const code = consultationErrorCodes.find((c) => c === issue.message);
      errors[field] =
        code ??
        (field === 'consent'
          ? 'consentRequired'
          : field === 'method'
            ? 'methodInvalid'
            : 'contactRequired');
    }
  }
  return errors;
}

export type ValidationResult =
  { ok: true; value: Consultation } | { ok: false; errors: FieldErrors };

export function validateConsultation(input: unknown): ValidationResult {
  const result = consultationSchema.safeParse(input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, errors: fieldErrors(result.error) };
}
