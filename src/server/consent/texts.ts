import 'server-only';
import { getTranslations } from '@/i18n/server';
import type { Translation } from 'vanilla-cookieconsent';
import {
  builtAnalyticsProviders,
  enabledProviders,
  setsCookies,
  type AnalyticsProviderId,
  type AnalyticsProviders,
} from '@/lib/analytics/config';
import { localeInfo, type Locale } from '@/i18n/locales';

/** The providers this build reports to (fixed at build, also for the pages rendered per request). */
export function buildProviders(): AnalyticsProviders {
  return builtAnalyticsProviders();
}

const escape = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!,
  );

/** "Yandex Metrica, Google Analytics and Umami", as the language lists things. */
export async function providerList(locale: Locale, ids: AnalyticsProviderId[]): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'Consent' });
  const names = ids.map((id) => t(`providers.${id}`));
  if (names.length <= 1) return names.join('');
  return t('and', { first: names.slice(0, -1).join(', '), last: names.at(-1)! });
}

/**
 * The banner's and the settings' texts in the page's language, as
 * vanilla-cookieconsent takes them. Its descriptions are HTML: everything
 * from the messages is escaped, and the only markup is the two links.
 */
export async function consentTexts(
  locale: Locale,
  providers: AnalyticsProviders,
): Promise<Translation> {
  const t = await getTranslations({ locale, namespace: 'Consent' });
  const code = localeInfo[locale].code;
  const ids = enabledProviders(providers);
  const names = escape(await providerList(locale, ids));
  const link = (href: string, label: string) => `<a href="/${code}${href}">${escape(label)}</a>`;
  const documents = escape(t('documents', { privacy: '\u0000', consent: '\u0001' }))
    .replace('\u0000', link('/privacy', t('privacyLink')))
    .replace('\u0001', link('/consent', t('consentLink')));
  const adsPossible = !!providers.metrika || !!providers.ga4;
  return {
    consentModal: {
      title: escape(t('title')),
      // Short: the box must not outgrow the page's own heading (it would become
      // its largest paint). The providers are named in the settings.
      description: `${escape(setsCookies(providers) ? t('description') : t('descriptionNoCookies'))} ${documents}`,
      acceptAllBtn: escape(t('acceptAll')),
      acceptNecessaryBtn: escape(t('rejectAll')),
      showPreferencesBtn: escape(t('choose')),
      revisionMessage: escape(t('revision')),
    },
    preferencesModal: {
      title: escape(t('preferencesTitle')),
      acceptAllBtn: escape(t('acceptAll')),
      acceptNecessaryBtn: escape(t('rejectAll')),
      savePreferencesBtn: escape(t('save')),
      closeIconLabel: escape(t('close')),
      sections: [
        { description: `${escape(t('intro'))} ${documents}` },
        {
          title: escape(t('necessaryTitle')),
          description: escape(t('necessaryText')),
          linkedCategory: 'necessary',
        },
        {
          title: escape(t('analyticsTitle')),
          description: escape(t('analyticsText', { providers: '\u0000' })).replace('\u0000', names),
          linkedCategory: 'analytics',
        },
        ...(adsPossible
          ? [
              {
                title: escape(t('marketingTitle')),
                description: escape(t('marketingText')),
                linkedCategory: 'marketing',
              },
            ]
          : []),
      ],
    },
  };
}
