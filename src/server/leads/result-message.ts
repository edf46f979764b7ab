import 'server-only';
import { createTranslator, type Messages } from 'next-intl';
import { siteConfig } from '@/config/site';
import { localeFromCode, type LangCode } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import type { SubmissionResult } from './submit';

/** What to tell the visitor about a result that is not a success, in their language. */
export async function failureMessage(
  result: SubmissionResult,
  code: LangCode,
): Promise<string | undefined> {
  const locale = localeFromCode(code);
  const messages = (await loadMessages(locale)) as Messages;
  const t = createTranslator({ locale, messages, namespace: 'ConsultationForm' });
  const phone = siteConfig.contacts.phone.display;
  switch (result.status) {
    case 'accepted':
      return undefined;
    case 'invalid':
      return t('errorSummary');
    case 'confirm':
      return t('failure.confirm');
    case 'forbidden':
      return t('failure.forbidden');
    case 'too_large':
      return t('failure.tooLarge');
    case 'rate_limited':
      return t('failure.rateLimited', {
        minutes: Math.max(1, Math.ceil(result.retryAfter / 60)),
        phone,
      });
    case 'unavailable':
      return t('failure.unavailable', { phone });
  }
}
