import type { Page } from '@playwright/test';
import { IntlMessageFormat } from 'intl-messageformat';
import { siteConfig } from '@/config/site';
import type { ContactMethod } from '@/lib/consultation/fields';
import { localeFromCode, messages, type LangCode } from './site';

/** What the consultation form's tests share. */

const hours = siteConfig.claims.callbackHours;

/** The thank-you's sentence for a request that chose `method`, as the page shows it. */
export const successText = (code: LangCode, method: ContactMethod) =>
  String(
    new IntlMessageFormat(
      messages[code].ConsultationForm.success.text,
      localeFromCode(code),
    ).format({ hours, method }),
  );

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
