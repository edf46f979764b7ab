import type messages from '../messages/en.json';
import type { Locale } from '@/i18n/locales';
import type { BookingAnswer } from '@/server/booking/answer';

declare module 'use-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof messages;
  }
}

declare global {
  namespace App {
    interface Locals {
      /**
       * The answer to a booking posted without JavaScript, which POST
       * /api/booking hands to the page that renders it (src/pages/api/booking/index.ts).
       */
      bookingAnswer?: BookingAnswer;
    }
  }
}
