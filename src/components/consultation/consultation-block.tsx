import { getLocale, getTranslations } from 'next-intl/server';
import { siteConfig } from '@/config/site';
import { localeInfo } from '@/i18n/locales';
import {
  consultationErrorCodes,
  contactMethods,
  type ContactMethod,
} from '@/lib/consultation/schema';
import { ConsultationForm, type ConsultationFormLabels } from './consultation-form';

type ConsultationBlockProps = {
  /** The page the form is on, without the language prefix. */
  page: string;
};

/** The consultation form with its texts translated on the server. */
export async function ConsultationBlock({ page }: ConsultationBlockProps) {
  const t = await getTranslations('ConsultationForm');
  const locale = await getLocale();
  const code = localeInfo[locale].code;
  const perMethod = (key: 'methods' | 'contactLabel' | 'contactExample' | 'contactHint') =>
    Object.fromEntries(contactMethods.map((method) => [method, t(`${key}.${method}`)])) as Record<
      ContactMethod,
      string
    >;

  const labels: ConsultationFormLabels = {
    form: t('formLabel'),
    methodLegend: t('methodLegend'),
    methods: perMethod('methods'),
    contactLabel: perMethod('contactLabel'),
    contactExample: perMethod('contactExample'),
    contactHint: perMethod('contactHint'),
    consent: t('consent'),
    privacyLink: t('privacyLink'),
    honeypot: t('honeypot'),
    submit: t('submit'),
    submitting: t('submitting'),
    attachEstimate: t('attachEstimate'),
    errors: Object.fromEntries(
      consultationErrorCodes.map((code) => [code, t(`errors.${code}`)]),
    ) as ConsultationFormLabels['errors'],
    errorSummary: t('errorSummary'),
    network: t('failure.network'),
    retry: t('retry'),
    success: {
      title: t('success.title'),
      text: t('success.text', { hours: siteConfig.claims.callbackHours }),
      reference: t('success.reference'),
      another: t('success.another'),
    },
  };

  return (
    <ConsultationForm
      labels={labels}
      language={code}
      page={`/${code}${page === '/' ? '' : page}`}
    />
  );
}
