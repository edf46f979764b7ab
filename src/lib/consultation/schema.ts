import {
  parsePhoneNumberFromString,
  type CountryCode,
  type MetadataJson,
} from 'libphonenumber-js/core';
import * as z from 'zod/mini';
import {
  budgetBandIds,
  consultationConfig,
  type BudgetBandId,
  type ContactTime,
} from '@/config/consultation';
import { langCodes, localeInfo, locales, type LangCode } from '@/i18n/locales';
import { cleanText } from '@/lib/text/clean';
import rulesFile from './phone-rules.json' with { type: 'json' };
import type { PhoneRulesFile } from './phone-rules-source';
import {
  consultationErrorCodes,
  consultationFields,
  contactMethods,
  type ConsultationErrorCode,
  type ConsultationField,
  type ContactMethod,
  type FieldErrors,
} from './fields';

/**
 * The consultation form, checked by one schema in the browser and on the server.
 * Errors are codes (`phoneInvalid`), which the form shows in the page's language
 * from `ConsultationForm.errors`; valid values come out normalised.
 *
 * The browser loads this module when the visitor turns to the form, so it is
 * kept small: zod's "mini" build (the same checks, without the chained API) and
 * one set of phone number rules.
 */

// zod compiles object schemas with `new Function` when it may; its probe for
// that is itself an eval, which the site's Content Security Policy refuses (and
// reports). The form's schema is small: plain parsing is as fast here.
z.config({ jitless: true });

export * from './fields';

/**
 * Where a phone number without a country code is taken to be: the language's
 * market (src/i18n/locales.ts). English is read by people in many countries,
 * so there a number needs its code: a British "020 7946 0123" read as an
 * American number would be refused with a puzzling message, or worse, kept as
 * someone else's number.
 */
export const defaultRegion: Record<LangCode, CountryCode | undefined> = Object.fromEntries(
  locales.map((locale) => [
    localeInfo[locale].code,
    localeInfo[locale].market.phoneRegion ?? undefined,
  ]),
) as Record<LangCode, CountryCode | undefined>;

/** Longer than any real phone, address or username: refused outright. */
export const maxContactLength = 254;

const telegramUsername = /^[A-Za-z0-9_]{5,32}$/;
const telegramLink = /^(?:https?:\/\/)?(?:www\.)?(?:t|telegram)\.me\/([A-Za-z0-9_]{5,32})\/?$/i;

/**
 * The phone number rules: one set for both questions the form asks of a number
 * (./phone-rules-source.ts says how it is made). As it is, only a mobile number
 * is valid under it, which is what a WhatsApp account has. With each plan's
 * number types replaced by the ones the "call" view keeps (none for most
 * plans), any number of the plan is valid, which is what a call needs.
 */
const typesSlot = 11;
const { rules, callTypes } = rulesFile as unknown as PhoneRulesFile;
type Plans = Record<string, unknown[]>;
const withTypes = (plans: unknown, types: Record<string, unknown>): Plans =>
  Object.fromEntries(
    Object.entries(plans as Plans).map(([id, plan]) => [
      id,
      plan.map((entry, index) => (index === typesSlot ? (types[id] ?? 0) : entry)),
    ]),
  );
const mobileOnly: MetadataJson = rules;
const anyNumber: MetadataJson = {
  ...rules,
  countries: withTypes(rules.countries, callTypes.countries),
  nonGeographic: withTypes(rules.nonGeographic, callTypes.nonGeographic),
};

export function normalizePhone(value: string, code: LangCode): string | undefined {
  const phone = parsePhoneNumberFromString(
    value,
    { defaultCountry: defaultRegion[code] },
    anyNumber,
  );
  return phone?.isValid() ? phone.number : undefined;
}

/**
 * WhatsApp finds people by the mobile number of their account: a landline or
 * a toll-free number cannot have one (the visitor should choose "Phone").
 */
export function normalizeWhatsApp(value: string, code: LangCode): string | undefined {
  const phone = parsePhoneNumberFromString(
    value,
    { defaultCountry: defaultRegion[code] },
    mobileOnly,
  );
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
const isBudget = (value: unknown): value is BudgetBandId =>
  (budgetBandIds as readonly unknown[]).includes(value);
const isContactTime = (value: unknown): value is ContactTime =>
  (consultationConfig.contactTimes as readonly unknown[]).includes(value);
const text = (value: unknown, multiline = false) =>
  typeof value === 'string' ? cleanText(value, { multiline }) : '';

const normalizers: Record<ContactMethod, (value: string, code: LangCode) => string | undefined> = {
  phone: normalizePhone,
  email: normalizeEmail,
  telegram: normalizeTelegram,
  whatsapp: normalizeWhatsApp,
};

// Fields are taken leniently and checked together below, so that a visitor
// who got several things wrong hears about all of them at once. Text is
// cleaned first (control and invisible characters removed, see cleanText), so
// what is checked is what is stored.
export const consultationSchema = z.pipe(
  z.object({
    language: z.enum(langCodes),
    method: z.optional(z.unknown()),
    contact: z.optional(z.unknown()),
    consent: z.optional(z.unknown()),
    name: z.optional(z.unknown()),
    message: z.optional(z.unknown()),
    budget: z.optional(z.unknown()),
    time: z.optional(z.unknown()),
  }),
  z.transform((input, ctx) => {
    let failed = false;
    const issue = (path: ConsultationField, message: ConsultationErrorCode) => {
      failed = true;
      ctx.issues.push({ code: 'custom', path: [path], message, input });
    };
    const contact = text(input.contact);
    const name = text(input.name);
    const message = text(input.message, true);
    const budget = input.budget === '' ? undefined : input.budget;
    const time = input.time === '' ? undefined : input.time;
    let normalized: string | undefined;

    if (!isMethod(input.method)) issue('method', 'methodInvalid');
    if (!contact) issue('contact', 'contactRequired');
    else if (contact.length > maxContactLength) issue('contact', 'contactTooLong');
    else if (isMethod(input.method)) {
      normalized = normalizers[input.method](contact, input.language);
      if (!normalized) issue('contact', `${input.method}Invalid`);
    }
    if (!isTicked(input.consent)) issue('consent', 'consentRequired');
    if (name.length > consultationConfig.maxNameLength) issue('name', 'nameTooLong');
    if (message.length > consultationConfig.maxMessageLength) issue('message', 'messageTooLong');
    if (budget !== undefined && !isBudget(budget)) issue('budget', 'budgetInvalid');
    if (time !== undefined && !isContactTime(time)) issue('time', 'timeInvalid');

    if (failed || !normalized || !isMethod(input.method)) return z.NEVER;
    return {
      language: input.language,
      method: input.method,
      contact: normalized,
      ...(name ? { name } : {}),
      ...(message ? { message } : {}),
      ...(isBudget(budget) ? { budget } : {}),
      ...(isContactTime(time) ? { time } : {}),
    };
  }),
);

export type ConsultationInput = z.input<typeof consultationSchema>;
export type Consultation = z.output<typeof consultationSchema>;

const fallbackCode: Record<ConsultationField, ConsultationErrorCode> = {
  method: 'methodInvalid',
  contact: 'contactRequired',
  consent: 'consentRequired',
  name: 'nameTooLong',
  message: 'messageTooLong',
  budget: 'budgetInvalid',
  time: 'timeInvalid',
};

/** The first error of each field, as codes. */
export function fieldErrors(error: {
  issues: readonly { path: PropertyKey[]; message: string }[];
}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = consultationFields.find((name) => name === issue.path[0]);
    if (field && !errors[field]) {
      errors[field] =
        consultationErrorCodes.find((c) => c === issue.message) ?? fallbackCode[field];
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
