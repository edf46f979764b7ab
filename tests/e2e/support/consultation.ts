import type { Page } from '@playwright/test';
import { IntlMessageFormat } from 'intl-messageformat';
import { siteConfig } from '@/config/site';
import type { ContactMethod } from '@/lib/consultation/fields';
import { localeFromCode, messages, type LangCode } from './site';

/** What the consultation form's tests share. */

const hours = siteConfig.claims.callbackHours;

export const successText = (code: LangCode, method: ContactMethod) =>
  messages[code].ConsultationForm.success.text[method];

/** Fills the form as a person would. */
export async function fill(
  page: Page,
  code: LangCode,
  contact: string,
  method: ContactMethod = 'phone',
) {
  const m = messages[code].ConsultationForm;
  const form = page.getByTestId('consultation-form');
  await form.getByRole('radio', { name: m.methods[method] }).check();
  await form.getByLabel(m.contactLabel[method]).fill(contact);
  await form.getByRole('checkbox', { name: m.consent }).check();
  return form;
}

/** A message with the callback hours filled in, as the page shows it. */
export function withHours(code: LangCode, text: string): string {
  return String(new IntlMessageFormat(text, localeFromCode(code)).format({ hours }));
}
