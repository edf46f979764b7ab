import type messages from '../messages/en.json';
import type { Locale } from '@/i18n/locales';

declare module 'use-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof messages;
  }
}
