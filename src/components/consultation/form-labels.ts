import { consultationConfig } from '@/config/consultation';
import { siteConfig } from '@/config/site';
import { codeOf } from '@/i18n/locales';
import { localizePath } from '@/i18n/paths';
import { currentPage, getFormatter, getLocale, getTranslations } from '@/i18n/server';
import { budgetInCurrency, budgetLabel } from '@/lib/consultation/budget';
import {
  consultationErrorCodes,
  contactMethods,
  type ContactMethod,
} from '@/lib/consultation/fields';
import { caseArguments } from '@/lib/format/kazakh';
import { formatMoney, moneyFormat, moneyOptions } from '@/lib/format/money';
import { bookingLabels } from '@/server/booking/texts';
import type { ConsultationFormLabels } from './consultation-form';

/**
 * Every text the consultation form shows, in the page's language, made on the
 * server: the form island gets these as its labels and no catalogue.
 */
export async function consultationFormLabels(): Promise<ConsultationFormLabels> {
  const t = await getTranslations('ConsultationForm');
  const locale = await getLocale();
  const format = await getFormatter();
  const { currency } = currentPage();
  const money = moneyFormat((amount) => format.number(amount, moneyOptions(currency)));
  const perMethod = (key: 'methods' | 'contactLabel' | 'contactExample' | 'contactHint') =>
    Object.fromEntries(contactMethods.map((method) => [method, t(`${key}.${method}`)])) as Record<
      ContactMethod,
      string
    >;
  const hours = siteConfig.claims.callbackHours;
  const limits = {
    nameTooLong: { max: consultationConfig.maxNameLength },
    messageTooLong: { max: consultationConfig.maxMessageLength },
  } as const;

  return {
    form: t('formLabel'),
    methodLegend: t('methodLegend'),
    methods: perMethod('methods'),
    contactLabel: perMethod('contactLabel'),
    contactExample: perMethod('contactExample'),
    contactHint: perMethod('contactHint'),
    brief: {
      name: t('nameLabel'),
      optional: t('optional'),
      summary: t('details.summary'),
      hint: t('details.hint'),
      messageLabel: t('details.messageLabel'),
      messagePlaceholder: t('details.messagePlaceholder'),
      messageHint: t('details.messageHint', { max: consultationConfig.maxMessageLength }),
      budgetLabel: t('details.budgetLabel'),
      budgetUnsure: t('details.budgetUnsure'),
      budgets: consultationConfig.budgetBands.map((band) => ({
        id: band.id,
        label: budgetLabel(
          budgetInCurrency(band.id, currency),
          {
            upTo: (amount) => t('details.budget.upTo', caseArguments('amount', amount)),
            between: (low, high) => t('details.budget.between', { low, high }),
            over: (amount) => t('details.budget.over', caseArguments('amount', amount)),
          },
          (amount) => formatMoney(money, amount),
        ),
      })),
      timeLabel: t('details.timeLabel'),
      timeHint: t('details.timeHint'),
      times: {
        any: t('details.times.any'),
        morning: t('details.times.morning'),
        afternoon: t('details.times.afternoon'),
        evening: t('details.times.evening'),
      },
    },
    consent: t('consent'),
    privacyLink: t('privacyLink'),
    consentDocument: t('consentDocument'),
    links: { consent: localizePath('/consent', locale), privacy: localizePath('/privacy', locale) },
    honeypot: t('honeypot'),
    submit: t('submit'),
    submitting: t('submitting'),
    attachEstimate: t('attachEstimate'),
    errors: Object.fromEntries(
      consultationErrorCodes.map((error) => [
        error,
        error in limits
          ? t(`errors.${error}`, limits[error as keyof typeof limits])
          : t(`errors.${error}`),
      ]),
    ) as ConsultationFormLabels['errors'],
    errorSummary: t('errorSummary'),
    network: t('failure.network'),
    retry: t('retry'),
    success: {
      title: t('success.title'),
      // One message that names each way of answering (an ICU select on the method).
      text: Object.fromEntries(
        contactMethods.map((method) => [method, t('success.text', { hours, method })]),
      ) as Record<ContactMethod, string>,
      reference: t('success.reference'),
      another: t('success.another'),
    },
    booking: await bookingLabels(codeOf(locale)),
  };
}
