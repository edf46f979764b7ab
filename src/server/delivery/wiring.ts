import 'server-only';
import type { Messages } from 'use-intl/core';
import { createTranslator } from 'use-intl/core';
import { consultationConfig, type ContactTime } from '@/config/consultation';
import type { Currency } from '@/config/pricing';
import { env as siteEnv } from '@/env';
import { builtAnalyticsProviders, type AnalyticsProviders } from '@/lib/analytics/config';
import { formatLocale, localeFromCode, type Locale } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { summarize, type CalculatorTexts } from '@/lib/calculator/describe';
import type { EstimateLine } from '@/lib/calculator/estimate';
import { leadEstimateSchema } from '@/lib/calculator/lead-estimate';
import { leadProposalUrl } from '@/server/proposal/lead';
import { budgetLabel, type LeadBudget } from '@/lib/consultation/budget';
import { contactMethods } from '@/lib/consultation/schema';
import { caseArguments } from '@/lib/format/kazakh';
import { formatMoney } from '@/lib/format/money';
import { calculatorTexts } from '@/server/calculator/texts';
import type { ServerEnv } from '@/server/env';
import { logger } from '@/server/log';
import { amocrmDelivery } from './channels/amocrm';
import { bitrix24Delivery } from './channels/bitrix24';
import { emailDelivery } from './channels/email';
import { ga4Delivery, type Ga4Settings } from './channels/ga4';
import { metrikaDelivery, type MetrikaSettings } from './channels/metrika';
import { inviteDelivery } from './channels/invite';
import { telegramDelivery } from './channels/telegram';
import { webhookDelivery } from './channels/webhook';
import type { NotificationTexts } from './format';
import {
  channels,
  conversionChannels,
  isConversionChannel,
  type Channel,
  type ConversionChannel,
  type Deliverers,
  type Delivery,
  type OutboxChannel,
} from './types';

/**
 * Which delivery channels are on and how each starts: the one place the site,
 * the worker and the CLI learn it. A channel is on when its settings are in
 * the environment (src/server/env.ts checks they come as a set).
 */
const channelTable: Record<
  Channel,
  {
    on: (env: ServerEnv) => boolean;
    start: (env: ServerEnv, texts: NotificationTexts) => Delivery;
    /** Notifies people: under the ceiling of messages a minute, summarised in a flood. */
    notifies: boolean;
    settings: string;
  }
> = {
  telegram: {
    on: (env) => Boolean(env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_CHAT_ID),
    start: telegramDelivery,
    notifies: true,
    settings: 'TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID',
  },
  email: {
    on: (env) => Boolean(env.SMTP_URL && env.LEADS_EMAIL_TO),
    start: emailDelivery,
    notifies: true,
    settings: 'SMTP_URL and LEADS_EMAIL_TO',
  },
  bitrix24: {
    on: (env) => Boolean(env.BITRIX24_WEBHOOK_URL),
    start: bitrix24Delivery,
    notifies: false,
    settings: 'BITRIX24_WEBHOOK_URL',
  },
  amocrm: {
    on: (env) => Boolean(env.AMOCRM_BASE_URL && env.AMOCRM_ACCESS_TOKEN),
    start: amocrmDelivery,
    notifies: false,
    settings: 'AMOCRM_BASE_URL and AMOCRM_ACCESS_TOKEN',
  },
  webhook: {
    on: (env) => Boolean(env.LEADS_WEBHOOK_URL && env.LEADS_WEBHOOK_SECRET),
    start: webhookDelivery,
    notifies: false,
    settings: 'LEADS_WEBHOOK_URL and LEADS_WEBHOOK_SECRET',
  },
};

/**
 * Where won deals go back as offline conversions: each analytics service is
 * on when the build loads it (its counter or measurement id, the one the
 * visitor's id belongs to) and its key for uploads is set.
 */
export type ConversionSettings = { metrika?: MetrikaSettings; ga4?: Ga4Settings };

export function conversionSettings(
  env: ServerEnv,
  providers: AnalyticsProviders = builtAnalyticsProviders(),
): ConversionSettings {
  return {
    ...(providers.metrika && env.METRIKA_OFFLINE_TOKEN
      ? {
          metrika: {
            counterId: providers.metrika.counterId,
            token: env.METRIKA_OFFLINE_TOKEN,
            goal: env.METRIKA_OFFLINE_GOAL,
            apiUrl: env.METRIKA_API_URL,
          },
        }
      : {}),
    ...(providers.ga4 && env.GA4_API_SECRET
      ? {
          ga4: {
            measurementId: providers.ga4.measurementId,
            apiSecret: env.GA4_API_SECRET,
            apiUrl: env.GA4_MP_URL,
          },
        }
      : {}),
  };
}

const conversionTable: {
  [C in ConversionChannel]: {
    start: (settings: NonNullable<ConversionSettings[C]>) => Delivery;
    /** The key the environment gives, and the id the build must have. */
    key: keyof ServerEnv;
    built: string;
  };
} = {
  metrika: { start: metrikaDelivery, key: 'METRIKA_OFFLINE_TOKEN', built: 'METRIKA_COUNTER_ID' },
  ga4: { start: ga4Delivery, key: 'GA4_API_SECRET', built: 'GA4_MEASUREMENT_ID' },
};

/** The channels this installation has settings for: a lead gets a delivery job for each. */
export function enabledChannels(env: ServerEnv): Channel[] {
  return channels.filter((channel) => channelTable[channel].on(env));
}

/**
 * The analytics services won deals are sent to: a won deal gets a conversion
 * job for each (when its lead has that service's id). Never a lead's channels.
 */
export function enabledConversionChannels(
  env: ServerEnv,
  providers: AnalyticsProviders = builtAnalyticsProviders(),
): ConversionChannel[] {
  const settings = conversionSettings(env, providers);
  return conversionChannels.filter((channel) => settings[channel]);
}

/**
 * Whether a visitor who booked a call, and gave an e-mail, is mailed its
 * calendar invitation (the `invite` channel): whenever the site can send mail.
 */
export function invitesEnabled(env: ServerEnv): boolean {
  return Boolean(env.SMTP_URL);
}

/** Every channel the outbox may send to here: /api/health and the CLI show each. */
export function enabledOutboxChannels(
  env: ServerEnv,
  providers: AnalyticsProviders = builtAnalyticsProviders(),
): OutboxChannel[] {
  return [
    ...enabledChannels(env),
    ...(invitesEnabled(env) ? (['invite'] as const) : []),
    ...enabledConversionChannels(env, providers),
  ];
}

/** Channels whose messages reach people, and so fall under the ceiling of messages a minute. */
export function notifiesPeople(channel: OutboxChannel): boolean {
  return (
    !isConversionChannel(channel) &&
    channel in channelTable &&
    channelTable[channel as Channel].notifies
  );
}

/**
 * One delivery per channel that is on: the leads' channels, the visitors'
 * calendar invitations when mail is on, and the conversions'.
 */
export async function createDeliverers(
  env: ServerEnv,
  providers: AnalyticsProviders = builtAnalyticsProviders(),
): Promise<Deliverers> {
  const texts = await notificationTexts(env);
  const deliverers: Deliverers = {};
  for (const channel of enabledChannels(env))
    deliverers[channel] = channelTable[channel].start(env, texts);
  if (invitesEnabled(env)) deliverers.invite = inviteDelivery(env);
  const settings = conversionSettings(env, providers);
  if (settings.metrika) deliverers.metrika = conversionTable.metrika.start(settings.metrika);
  if (settings.ga4) deliverers.ga4 = conversionTable.ga4.start(settings.ga4);
  return deliverers;
}

/** At start: one line per channel that is off, so an operator sees what is not set. */
export function announceChannels(
  env: ServerEnv,
  providers: AnalyticsProviders = builtAnalyticsProviders(),
) {
  const on = enabledChannels(env);
  for (const channel of channels) {
    if (!on.includes(channel))
      logger.info(
        { event: 'channel.off', channel },
        `${channel} is off (set ${channelTable[channel].settings}): leads are not sent there`,
      );
  }
  if (on.length === 0)
    logger.warn(
      { event: 'channel.none' },
      'no delivery channel is configured: leads are stored but reach nobody',
    );
  // A key without the build's id is a setting that does nothing: said once, at start.
  const conversions = enabledConversionChannels(env, providers);
  for (const channel of conversionChannels) {
    const { key, built } = conversionTable[channel];
    if (env[key] && !conversions.includes(channel))
      logger.warn(
        { event: 'conversions.off', channel },
        `${key} is set but this build has no ${built}: won deals are not sent to ${channel}`,
      );
  }
}

/**
 * The texts of the team's notifications in LEADS_NOTIFY_LANGUAGE, with the
 * estimate and the budget described in the currency the visitor saw.
 */
export async function notificationTexts(env: ServerEnv): Promise<NotificationTexts> {
  const locale = localeFromCode(env.LEADS_NOTIFY_LANGUAGE);
  const messages = (await loadMessages(locale)) as Messages;
  const t = createTranslator({
    locale: formatLocale(locale),
    messages,
    namespace: 'LeadNotification',
  });
  const c = createTranslator({
    locale: formatLocale(locale),
    messages,
    namespace: 'Conversions',
  });
  const moneyTexts = currencyTexts(locale, messages);
  const tBooking = createTranslator({
    locale: formatLocale(locale),
    messages,
    namespace: 'Booking.team',
  });
  const labelKeys = [
    'method',
    'name',
    'message',
    'budget',
    'time',
    'language',
    'page',
    'estimate',
    'estimatePdf',
    'received',
    'source',
    'firstSource',
    'analytics',
    'review',
  ] as const;
  return {
    title: t('title'),
    messengerTitle: t('messengerTitle'),
    messengerOpened: (reference) => t('messengerOpened', { reference }),
    labels: Object.fromEntries(
      labelKeys.map((key) => [key, t(key)]),
    ) as NotificationTexts['labels'],
    methods: Object.fromEntries(
      contactMethods.map((method) => [method, t(`methods.${method}`)]),
    ) as NotificationTexts['methods'],
    times: Object.fromEntries(
      consultationConfig.contactTimes.map((time) => [time, t(`times.${time}`)]),
    ) as Record<ContactTime, string>,
    visitorTime: (zone) => (zone ? t('visitorTime', { zone }) : t('visitorTimeUnknown')),
    landing: (page) => t('landing', { page }),
    reviews: { 'too-fast': t('reviews.tooFast'), 'no-script': t('reviews.noScript') },
    summary: {
      title: (count) => t('summary.title', { count }),
      intro: t('summary.intro', { limit: env.LEADS_NOTIFY_PER_MINUTE }),
      more: (count) => t('summary.more', { count }),
    },
    alert: {
      locale,
      channels: {
        ...Object.fromEntries(channels.map((channel) => [channel, t(`alert.channels.${channel}`)])),
        invite: tBooking('inviteChannel'),
      },
      failingTitle: (channel) => t('alert.failingTitle', { channel }),
      failingSince: (since) => t('alert.failingSince', { since }),
      lastError: (error) => t('alert.lastError', { error }),
      waiting: (count) => t('alert.waiting', { count }),
      givenUp: (count) => t('alert.givenUp', { count }),
      todo: t('alert.todo'),
      recoveredTitle: (channel) => t('alert.recoveredTitle', { channel }),
      recoveredDown: (since, until) => t('alert.recoveredDown', { since, until }),
      recoveredWaited: (count, minutes) => t('alert.recoveredWaited', { count, minutes }),
      recoveredNone: t('alert.recoveredNone'),
      retryHint: t('alert.retryHint'),
      recoveredTodo: t('alert.recoveredTodo'),
    },
    // A won deal waiting for an analytics service: the same alert, told as deals.
    conversionAlert: {
      locale,
      channels: Object.fromEntries(
        conversionChannels.map((channel) => [channel, c(`alert.channels.${channel}`)]),
      ),
      failingTitle: (channel) => c('alert.failingTitle', { channel }),
      failingSince: (since) => c('alert.failingSince', { since }),
      lastError: (error) => t('alert.lastError', { error }),
      waiting: (count) => c('alert.waiting', { count }),
      givenUp: (count) => c('alert.givenUp', { count }),
      todo: c('alert.todo'),
      recoveredTitle: (channel) => c('alert.recoveredTitle', { channel }),
      recoveredDown: (since, until) => c('alert.recoveredDown', { since, until }),
      recoveredWaited: (count, minutes) => c('alert.recoveredWaited', { count, minutes }),
      recoveredNone: c('alert.recoveredNone'),
      retryHint: t('alert.retryHint'),
      recoveredTodo: c('alert.recoveredTodo'),
    },
    booking: {
      locale,
      title: (reference) => tBooking('title', { reference }),
      visitorTime: (time, zone) => tBooking('visitorTime', { time, zone }),
      visitorZoneUnknown: tBooking('visitorZoneUnknown'),
      summary: (reference) => tBooking('summary', { reference }),
    },
    describeEstimate: (stored) => {
      const parsed = leadEstimateSchema.safeParse(stored);
      if (!parsed.success) return undefined;
      const estimate = parsed.data;
      const summary = summarize(moneyTexts(estimate.currency), estimate.selection, {
        ...estimate,
        lines: estimate.lines as EstimateLine[],
      });
      return `${summary} · ${siteEnv.SITE_URL}${estimate.link}`;
    },
    estimatePdfUrl: (lead) => leadProposalUrl(lead),
    describeBudget: (stored) => {
      const budget = stored as Partial<LeadBudget> | null;
      if (!budget?.currency || !(budget.currency in moneyTextsCurrencies)) return undefined;
      const { money } = moneyTexts(budget.currency);
      return budgetLabel(
        { low: budget.low ?? null, high: budget.high ?? null },
        {
          upTo: (amount) => t('budgetRange.upTo', caseArguments('amount', amount)),
          between: (low, high) => t('budgetRange.between', { low, high }),
          over: (amount) => t('budgetRange.over', caseArguments('amount', amount)),
        },
        (amount) => formatMoney(money, amount),
      );
    },
  };
}

const moneyTextsCurrencies: Record<Currency, true> = { USD: true, RUB: true, KZT: true, UAH: true };

/** The calculator's texts per currency, made once each: prices in the team's language, the visitor's currency. */
function currencyTexts(locale: Locale, messages: Messages) {
  const made = new Map<Currency, CalculatorTexts>();
  return (currency: Currency): CalculatorTexts => {
    let texts = made.get(currency);
    if (!texts) {
      texts = calculatorTexts(locale, messages, currency);
      made.set(currency, texts);
    }
    return texts;
  };
}
