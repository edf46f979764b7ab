import 'server-only';
import {
  analyticsFromEnv,
  builtAnalyticsProviders,
  enabledProviders,
  type AnalyticsProviders,
} from '@/lib/analytics/config';
import { formatLocale, type Locale } from '@/i18n/locales';
import type { ConversionChannel } from '@/server/delivery/types';
import { translatorFor } from '@/i18n/messages';

/**
 * The privacy policy's paragraph on analytics, made from the settings of the
 * build: the providers that are on, each with who runs it, its cookies and its
 * own policy, or that there are none. Loaders run outside a request too, so
 * this translates on its own. Without `env`, the providers the build compiled
 * in (the page is rendered per request, by a server without the build's settings).
 */
export async function analyticsServicesText(
  locale: Locale,
  env?: Record<string, string | undefined>,
): Promise<string> {
  return analyticsProvidersText(locale, env ? analyticsFromEnv(env) : builtAnalyticsProviders());
}

/**
 * The same paragraph for the providers given, and the services won deals are
 * sent back to (offline conversions: what is sent, and that nothing else is).
 */
export async function analyticsProvidersText(
  locale: Locale,
  providers: AnalyticsProviders,
  conversions: readonly ConversionChannel[] = [],
): Promise<string> {
  const ids = enabledProviders(providers);
  const t = await translatorFor(locale, 'PrivacyPage');
  if (ids.length === 0) return t('analyticsNone');
  const list = ids.map((id) => `- ${t(`analyticsProvider.${id}`)}`).join('\n');
  const linked = providers.metrika || providers.ga4 ? `\n\n${t('analyticsIds')}` : '';
  const services = new Intl.ListFormat(formatLocale(locale), { type: 'conjunction' }).format(
    conversions.map((channel) => t(`analyticsDeals.services.${channel}`)),
  );
  const deals = conversions.length > 0 ? `\n\n${t('analyticsDeals.text', { services })}` : '';
  return `${t('analyticsIntro')}\n\n${list}${linked}${deals}`;
}
