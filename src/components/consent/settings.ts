import type { Translation } from 'vanilla-cookieconsent';
import type { AnalyticsProviders } from '@/lib/analytics/config';

/** What the consent banner needs, serialized into the page for its script. */
export type ConsentSettings = {
  providers: AnalyticsProviders;
  /** The page's language code (ru, en, kz, ua). */
  lang: string;
  texts: Translation;
};

/** The id of the JSON data block that carries them (consent-settings-data.tsx). */
export const consentSettingsId = 'consent-settings';
