import type { LangCode } from '@/i18n/locales';
import type { ContactMethod } from '@/lib/consultation/schema';

/** A contact as a visitor of a language would type it, how it is stored, and a mistyped one. */
export type ContactSample = { typed: string; stored: string; mistyped: string };

/**
 * A valid contact of each kind per language (the form's language decides how
 * a phone number without a country code is read), for the schema's unit tests
 * and the form's end-to-end tests alike.
 */
export const contactSamples: Record<LangCode, Record<ContactMethod, ContactSample>> = {
  ru: {
    phone: { typed: '8 916 123-45-67', stored: '+79161234567', mistyped: '12-34' },
    email: { typed: 'ivan@example.ru', stored: 'ivan@example.ru', mistyped: 'ivan@' },
    telegram: { typed: '@ivan_petrov', stored: '@ivan_petrov', mistyped: '@iv' },
    whatsapp: { typed: '+7 916 765-43-21', stored: '+79167654321', mistyped: '+7 916' },
  },
  en: {
    phone: { typed: '+44 20 7946 0123', stored: '+442079460123', mistyped: '020 7946 0123' },
    email: { typed: 'john@example.com', stored: 'john@example.com', mistyped: 'john.example.com' },
    telegram: { typed: 't.me/john_smith', stored: '@john_smith', mistyped: 't.me/j' },
    // The UK's fictional mobile range (07700 900xxx) is no WhatsApp number to libphonenumber.
    whatsapp: { typed: '+1 201 555 0177', stored: '+12015550177', mistyped: '201 555 0177' },
  },
  kz: {
    phone: { typed: '8 701 123 4567', stored: '+77011234567', mistyped: '+7 727' },
    email: {
      typed: 'aigerim@example.kz',
      stored: 'aigerim@example.kz',
      mistyped: 'aigerim@@example.kz',
    },
    telegram: { typed: 'aigerim_s', stored: '@aigerim_s', mistyped: 'ай' },
    whatsapp: { typed: '8 707 765 4321', stored: '+77077654321', mistyped: '8 707 765' },
  },
  ua: {
    phone: { typed: '067 123 4567', stored: '+380671234567', mistyped: '044 12' },
    email: { typed: 'olena@example.ua', stored: 'olena@example.ua', mistyped: 'olena@example' },
    telegram: { typed: '@olena_k', stored: '@olena_k', mistyped: '@ol' },
    whatsapp: { typed: '050 765 4321', stored: '+380507654321', mistyped: '050 765' },
  },
};

/** A landline per language: a valid phone, but no WhatsApp account can have it. */
export const landlines: Record<LangCode, string> = {
  ru: '+7 495 123-45-67',
  en: '+1 800 555 0199',
  kz: '+7 727 312 34 56',
  ua: '044 123 4567',
};
