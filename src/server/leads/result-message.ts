import 'server-only';
import { siteConfig } from '@/config/site';
import { localeFromCode, type LangCode } from '@/i18n/locales';
import { translatorFor } from '@/i18n/messages';
import type { ContactMethod } from '@/lib/consultation/fields';

/** Every answer of the intake that is not a success. */
export type FailureStatus =
  | 'invalid'
  | 'forbidden'
  | 'too_large'
  | 'rate_limited'
  | 'unavailable'
  | 'bad_request'
  | 'method_not_allowed';

/** What to tell the visitor about a result that is not a success, in their language. */
export async function failureMessage(
  result: { status: FailureStatus; retryAfter?: number },
  code: LangCode,
): Promise<string> {
  const t = await translatorFor(localeFromCode(code), 'ConsultationForm');
  const phone = siteConfig.contacts.phone.display;
  switch (result.status) {
    case 'invalid':
      return t('errorSummary');
    case 'forbidden':
      return t('failure.forbidden');
    case 'too_large':
      return t('failure.tooLarge');
    case 'bad_request':
      return t('failure.badRequest');
    case 'method_not_allowed':
      return t('failure.methodNotAllowed');
    case 'rate_limited':
      return t('failure.rateLimited', {
        minutes: Math.max(1, Math.ceil((result.retryAfter ?? 60) / 60)),
        phone,
      });
    case 'unavailable':
      return t('failure.unavailable', { phone });
  }
}

/**
 * What the visitor is told once a request is in: who answers, by the way they
 * chose to be reached (a call only to those who gave a phone), and within the
 * hours the agency promises.
 */
export async function successMessage(method: ContactMethod, code: LangCode): Promise<string> {
  const t = await translatorFor(localeFromCode(code), 'ConsultationForm.success');
  return t('text', { method, hours: siteConfig.claims.callbackHours });
}

/** The title and back-link words of the page a refused form post gets without JavaScript. */
export async function failurePageTexts(code: LangCode): Promise<{ title: string; back: string }> {
  const t = await translatorFor(localeFromCode(code), 'ConsultationForm.failurePage');
  return { title: t('title'), back: t('back') };
}
