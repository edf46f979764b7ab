import 'server-only';
import { siteConfig } from '@/config/site';
import {
  analyticsFromEnv,
  builtAnalyticsProviders,
  type AnalyticsProviders,
} from '@/lib/analytics/config';
import { browserErrorTracking } from '@/lib/monitoring/build-config';
import { formatLocale, type Locale } from '@/i18n/locales';
import { translatorFor } from '@/i18n/messages';
import { enabledChannels, enabledConversionChannels } from '@/server/delivery/wiring';
import type { Channel, ConversionChannel } from '@/server/delivery/types';
import { parseServerEnv, serverEnv, type ServerEnv } from '@/server/env';

/**
 * What the privacy policy and the consent say that depends on how this
 * installation is set up, rather than on what the agency wrote: who receives a
 * request (the delivery channels that are on, each with the service it goes
 * to), where error reports go, which analytics the build loads, and how long
 * requests and backups are kept. The channels, the error tracker of the
 * server and the retention are read at run time, the analytics and the
 * browser's error reports at build (they are compiled into the pages), so the
 * two documents are rendered per request (src/pages/[lang]/privacy.astro).
 */
export type LegalSettings = {
  /** Each delivery channel that is on, with the host it sends to where that names the service. */
  channels: { channel: Channel; host?: string }[];
  /** The hosts error reports go to: the server's (SENTRY_DSN) and the browser's (PUBLIC_SENTRY_DSN). */
  errorReports: string[];
  analytics: AnalyticsProviders;
  /** The analytics services won deals are sent back to (offline conversions). */
  conversions: ConversionChannel[];
  retentionDays: number;
  backupDays: number;
};

type Env = Record<string, string | undefined>;

const hostOf = (url: string | undefined) => (url ? new URL(url).hostname : undefined);

/** The browser's error reports as the build set them up (compiled in), else as `env` would. */
function builtBrowserDsn(): string | undefined {
  const compiled = process.env.APP_BROWSER_ERROR_TRACKING;
  if (compiled !== undefined) return compiled ? (JSON.parse(compiled) as { dsn: string }).dsn : '';
  return browserErrorTracking(process.env)?.dsn;
}

function settingsOf(
  env: ServerEnv,
  analytics: AnalyticsProviders,
  browserDsn: string | undefined,
): LegalSettings {
  const hosts: Partial<Record<Channel, string | undefined>> = {
    email: hostOf(env.SMTP_URL),
    bitrix24: hostOf(env.BITRIX24_WEBHOOK_URL),
    amocrm: hostOf(env.AMOCRM_BASE_URL),
    webhook: hostOf(env.LEADS_WEBHOOK_URL),
  };
  const errorReports = [env.SENTRY_DSN, browserDsn]
    .map((dsn) => hostOf(dsn || undefined))
    .filter((host): host is string => !!host);
  return {
    channels: enabledChannels(env).map((channel) => ({ channel, host: hosts[channel] })),
    errorReports: [...new Set(errorReports)],
    analytics,
    conversions: enabledConversionChannels(env, analytics),
    retentionDays: env.LEADS_RETENTION_DAYS,
    backupDays: env.BACKUP_KEEP,
  };
}

/**
 * The settings of this process (its environment, and what its build compiled
 * in), or of the environment given: a test renders the pages for another one.
 */
export function legalSettings(env?: Env): LegalSettings {
  if (env)
    return settingsOf(parseServerEnv(env), analyticsFromEnv(env), browserErrorTracking(env)?.dsn);
  return settingsOf(serverEnv(), builtAnalyticsProviders(), builtBrowserDsn());
}

/** Which mail service a server is, for the ones a lawyer would want named: else its host. */
function mailProvider(host: string): string {
  if (/(^|\.)(gmail|googlemail|google)\.com$/.test(host)) return 'google';
  if (/(^|\.)yandex\.(ru|com|kz|net)$/.test(host)) return 'yandex';
  if (/(^|\.)mail\.ru$/.test(host)) return 'vk';
  if (/(^|\.)(office365|outlook)\.com$/.test(host)) return 'microsoft';
  return 'other';
}

/** Bitrix24's Russian cloud, its cloud elsewhere, or the agency's own installation. */
function bitrix24Kind(host: string): string {
  if (/\.bitrix24\.ru$/.test(host)) return 'ru';
  if (/\.bitrix24\.[a-z.]+$/.test(host)) return 'cloud';
  return 'other';
}

/** amoCRM's Russian cloud, or Kommo (its international version). */
function amocrmKind(host: string): string {
  if (/\.amocrm\.ru$/.test(host)) return 'ru';
  if (/\.(kommo|amocrm)\.com$/.test(host)) return 'kommo';
  return 'other';
}

/** Sentry (its US or EU region), hosted GlitchTip, or a server of the agency's choosing. */
function errorService(host: string): string {
  if (/(^|\.)de\.sentry\.io$/.test(host)) return 'sentryEu';
  if (/(^|\.)sentry\.io$/.test(host)) return 'sentry';
  if (/(^|\.)glitchtip\.com$/.test(host)) return 'glitchtip';
  return 'other';
}

async function translator(locale: Locale) {
  return translatorFor(locale, 'PrivacyPage');
}

/**
 * The recipients of a request, as a Markdown list in the page's language: one
 * item per delivery channel that is on (who runs the service and where), then
 * the error tracker when reports are sent; or that a request reaches nobody
 * outside the site's own database.
 */
export async function recipientsText(locale: Locale, settings: LegalSettings): Promise<string> {
  const t = await translator(locale);
  const items = settings.channels.map(({ channel, host = '' }) => {
    switch (channel) {
      case 'telegram':
        return t('recipients.telegram');
      case 'email':
        return t('recipients.email', { host, provider: mailProvider(host) });
      case 'bitrix24':
        return t('recipients.bitrix24', { host, kind: bitrix24Kind(host) });
      case 'amocrm':
        return t('recipients.amocrm', { host, kind: amocrmKind(host) });
      case 'webhook':
        return t('recipients.webhook', { host });
    }
  });
  const list = items.length > 0 ? items : [t('recipients.none')];
  for (const host of settings.errorReports)
    list.push(t('recipients.errors', { host, service: errorService(host) }));
  return list.map((item) => `- ${item}`).join('\n');
}

/**
 * Where requests are first recorded and kept (the country of the server and
 * database, from the agency's details), and what that means under the
 * language's law: Kazakhstan's and Russia's require their citizens' data to be
 * kept in databases in their country, and the text says which one this
 * installation keeps.
 */
export async function dataLocationText(locale: Locale): Promise<string> {
  const t = await translator(locale);
  const country = siteConfig.legal.serverCountry;
  const countryName =
    new Intl.DisplayNames([formatLocale(locale), locale], { type: 'region' }).of(country) ??
    country;
  return t('dataLocation', { country, countryName });
}

/** A number of days, as the language counts them ("365 дней", "14 днів"). */
export async function daysText(locale: Locale, count: number): Promise<string> {
  const t = await translator(locale);
  return t('days', { count });
}

/**
 * The time the agency promises to answer in ("за 2 часа", "2 сағат ішінде"),
 * in the case the legal texts put it: the same claim as the home page's.
 */
export async function callbackTimeText(locale: Locale): Promise<string> {
  const t = await translatorFor(locale, 'LegalPage');
  return t('callbackTime', { count: siteConfig.claims.callbackHours });
}
