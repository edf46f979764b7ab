import { getFormatter, getLocale, getTranslations } from '@/i18n/server';
import { consultationConfig } from '@/config/consultation';
import { siteConfig } from '@/config/site';
import { localeInfo } from '@/i18n/locales';
import { budgetInCurrency, budgetLabel } from '@/lib/consultation/budget';
import {
  consultationErrorCodes,
  contactMethods,
  type ContactMethod,
} from '@/lib/consultation/schema';
import { cn } from '@/lib/cn';
import { formatMoney, moneyFormat } from '@/lib/format/money';
import { ConsultationForm, type ConsultationFormLabels } from './consultation-form';

type ConsultationBlockProps = {
  /** The page the form is on, without the language prefix. */
  page: string;
  /** The page's query, when its content depends on it (the calculator's choices). */
  query?: string;
};

/** The consultation form with its texts translated on the server. */
export async function ConsultationBlock({ page, query }: ConsultationBlockProps) {
  const t = await getTranslations('ConsultationForm');
  const locale = await getLocale();
  const format = await getFormatter();
  const { code, currency } = localeInfo[locale];
  const money = moneyFormat((amount) =>
    format.number(amount, { style: 'currency', currency, maximumFractionDigits: 0 }),
  );
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

  const labels: ConsultationFormLabels = {
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
            upTo: (amount) => t('details.budget.upTo', { amount }),
            between: (low, high) => t('details.budget.between', { low, high }),
            over: (amount) => t('details.budget.over', { amount }),
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
      text: Object.fromEntries(
        contactMethods.map((method) => [method, t(`success.text.${method}`, { hours })]),
      ) as Record<ContactMethod, string>,
      reference: t('success.reference'),
      another: t('success.another'),
    },
  };

  const path = `/${code}${page === '/' ? '' : page}`;
  return (
    <ConsultationForm
      labels={labels}
      language={code}
      page={path}
      permalink={`${path}${query ? `?${query}` : ''}`}
    />
  );
}

type ConsultationCardProps = ConsultationBlockProps & {
  title: string;
  /** The id of the card's heading, which names the card or a section around it. */
  titleId: string;
  lead: string;
  /**
   * The card is the page's consultation section (`#consultation`, where every
   * "contact us" button lands), unless a section around it is.
   */
  landmark?: boolean;
  titleClassName?: string;
  className?: string;
};

/** The consultation form on a white card, under its heading and lead. */
export function ConsultationCard({
  title,
  titleId,
  lead,
  landmark = true,
  titleClassName = 'part-title',
  className,
  ...block
}: ConsultationCardProps) {
  const Card = landmark ? 'section' : 'div';
  return (
    <Card
      id={landmark ? 'consultation' : undefined}
      aria-labelledby={landmark ? titleId : undefined}
      className={cn('rounded-3xl bg-white p-6 shadow-card', className)}
    >
      <h2 id={titleId} className={titleClassName}>
        {title}
      </h2>
      <p className="mt-3 mb-6 leading-relaxed text-muted">{lead}</p>
      <ConsultationBlock {...block} />
    </Card>
  );
}
