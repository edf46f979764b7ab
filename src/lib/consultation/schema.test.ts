import { describe, expect, it } from 'vitest';
import { langCodes } from '@/i18n/locales';
import { contactSamples, landlines } from '../../../tests/support/contact-samples';
import { contactMethods, validateConsultation } from './schema';

const base = { consent: 'on' };
const ok = (language: string, method: string, contact: string) =>
  validateConsultation({ ...base, language, method, contact });

describe('consultation schema: phone', () => {
  it.each([
    ['ru', '8 (916) 123-45-67', '+79161234567'],
    ['ru', '+7 916 123 45 67', '+79161234567'],
    // Russian is read in Kazakhstan and Russia: both share +7 and the trunk prefix 8.
    ['ru', '8 701 123 45 67', '+77011234567'],
    ['ru', '916 123-45-67', '+79161234567'],
    ['kz', '8 701 123 4567', '+77011234567'],
    ['kz', '+7 701 123 45 67', '+77011234567'],
    ['ua', '067 123 4567', '+380671234567'],
    ['ua', '+380 67 123 45 67', '+380671234567'],
    ['en', '+1 (201) 555-0123', '+12015550123'],
    ['en', '+44 20 7946 0958', '+442079460958'],
  ])('%s accepts %s as %s', (language, contact, expected) => {
    expect(ok(language, 'phone', contact)).toEqual({
      ok: true,
      value: { language, method: 'phone', contact: expected },
    });
  });

  it.each([
    ['ru', '12345'],
    ['ru', '+7 916 123'],
    ['ua', '067 123'],
    ['en', 'call me maybe'],
    // English pages are read in many countries: a number needs its country code.
    ['en', '(201) 555-0123'],
    ['en', '020 7946 0958'],
    ['kz', '+7 000 000 00 00'],
  ])('%s refuses %s', (language, contact) => {
    expect(ok(language, 'phone', contact)).toEqual({
      ok: false,
      errors: { contact: 'phoneInvalid' },
    });
  });
});

describe('consultation schema: email', () => {
  it.each([
    ['anna@example.com', 'anna@example.com'],
    ['  Anna.K@Example.COM  ', 'Anna.K@example.com'],
    ['dev+site@mail.example.kz', 'dev+site@mail.example.kz'],
  ])('accepts %j as %s', (contact, expected) => {
    expect(ok('en', 'email', contact)).toMatchObject({ ok: true, value: { contact: expected } });
  });

  it.each(['anna@', 'anna.example.com', '@example.com', 'anna@example', 'an na@example.com'])(
    'refuses %j',
    (contact) => {
      expect(ok('en', 'email', contact)).toEqual({
        ok: false,
        errors: { contact: 'emailInvalid' },
      });
    },
  );
});

describe('consultation schema: Telegram', () => {
  it.each([
    ['@ortus_client', '@ortus_client'],
    ['ortus_client', '@ortus_client'],
    ['t.me/ortus_client', '@ortus_client'],
    ['https://t.me/ortus_client/', '@ortus_client'],
    ['https://telegram.me/Ortus_Client', '@Ortus_Client'],
    ['@abcde', '@abcde'],
    ['+7 701 123 45 67', '+77011234567'],
  ])('kz accepts %j as %s', (contact, expected) => {
    expect(ok('kz', 'telegram', contact)).toMatchObject({ ok: true, value: { contact: expected } });
  });

  it.each([
    '@abcd',
    '@' + 'a'.repeat(33),
    '@bad-name',
    'https://example.com/ortus',
    '@имя_юзера',
    '12345',
  ])('refuses %j', (contact) => {
    expect(ok('ru', 'telegram', contact)).toEqual({
      ok: false,
      errors: { contact: 'telegramInvalid' },
    });
  });
});

describe('consultation schema: the rest', () => {
  it('requires consent', () => {
    expect(
      validateConsultation({ language: 'ru', method: 'email', contact: 'a@example.com' }),
    ).toEqual({
      ok: false,
      errors: { consent: 'consentRequired' },
    });
  });

  it('requires a contact, trims it and refuses absurd lengths', () => {
    expect(ok('ru', 'email', '   ')).toEqual({ ok: false, errors: { contact: 'contactRequired' } });
    expect(ok('ru', 'email', `${'a'.repeat(250)}@example.com`)).toEqual({
      ok: false,
      errors: { contact: 'contactTooLong' },
    });
  });

  it('refuses an unknown method and reports every field at once', () => {
    expect(validateConsultation({ language: 'ru', method: 'fax', contact: '' })).toEqual({
      ok: false,
      errors: { method: 'methodInvalid', contact: 'contactRequired', consent: 'consentRequired' },
    });
  });
});

describe('consultation schema: every method in every language', () => {
  for (const language of langCodes) {
    for (const method of contactMethods) {
      const { typed, stored, mistyped } = contactSamples[language][method];
      it(`${language} ${method}: accepts ${typed} as ${stored}, refuses ${mistyped}`, () => {
        expect(ok(language, method, typed)).toEqual({
          ok: true,
          value: { language, method, contact: stored },
        });
        expect(ok(language, method, mistyped)).toEqual({
          ok: false,
          errors: { contact: `${method}Invalid` },
        });
      });
    }
    it(`${language}: ${landlines[language]} is a phone number, but no WhatsApp account's`, () => {
      expect(ok(language, 'phone', landlines[language]).ok).toBe(true);
      expect(ok(language, 'whatsapp', landlines[language])).toEqual({
        ok: false,
        errors: { contact: 'whatsappInvalid' },
      });
    });
  }
});

describe('consultation schema: WhatsApp', () => {
  it.each([
    ['ru', '8 916 123-45-67', '+79161234567'],
    ['kz', '+7 701 123 45 67', '+77011234567'],
    ['ua', '067 123 4567', '+380671234567'],
    ['en', '+49 1512 3456789', '+4915123456789'],
  ])('%s accepts the mobile number %s as %s', (language, contact, expected) => {
    expect(ok(language, 'whatsapp', contact)).toEqual({
      ok: true,
      value: { language, method: 'whatsapp', contact: expected },
    });
  });

  it.each([
    ['ru', '+7 495 123 45 67'], // a Moscow landline
    ['ru', '8 800 555 35 35'], // toll-free
    ['ua', '+380 44 123 4567'], // a Kyiv landline
    ['en', '@whatsapp_user'],
  ])('%s refuses %s, which no WhatsApp account can have', (language, contact) => {
    expect(ok(language, 'whatsapp', contact)).toEqual({
      ok: false,
      errors: { contact: 'whatsappInvalid' },
    });
  });
});

describe('consultation schema: the brief', () => {
  const valid = { language: 'en', method: 'email', contact: 'anna@example.com', consent: 'on' };

  it('takes a name, a message, a budget and a time, cleaned', () => {
    expect(
      validateConsultation({
        ...valid,
        name: '  Anna\u200b Petrova\u0000 ',
        message: 'We need a shop.\r\n\r\n\r\nIn spring.\u202e',
        budget: '5k-15k',
        time: 'morning',
      }),
    ).toEqual({
      ok: true,
      value: {
        language: 'en',
        method: 'email',
        contact: 'anna@example.com',
        name: 'Anna Petrova',
        message: 'We need a shop.\n\nIn spring.',
        budget: '5k-15k',
        time: 'morning',
      },
    });
  });

  it('leaves out what the visitor left empty', () => {
    expect(
      validateConsultation({ ...valid, name: ' ', message: '\u200b', budget: '', time: '' }),
    ).toEqual({
      ok: true,
      value: { language: 'en', method: 'email', contact: 'anna@example.com' },
    });
  });

  it('refuses a name or a message that is too long, and values it does not offer', () => {
    expect(
      validateConsultation({
        ...valid,
        name: 'N'.repeat(101),
        message: 'M'.repeat(2001),
        budget: 'a million',
        time: 'midnight',
      }),
    ).toEqual({
      ok: false,
      errors: {
        name: 'nameTooLong',
        message: 'messageTooLong',
        budget: 'budgetInvalid',
        time: 'timeInvalid',
      },
    });
    expect(validateConsultation({ ...valid, message: 'M'.repeat(2000) }).ok).toBe(true);
  });

  it('checks the contact without the invisible characters it carried', () => {
    expect(ok('ru', 'phone', '+7\u202e 916 123\u0000 45 67')).toMatchObject({
      ok: true,
      value: { contact: '+79161234567' },
    });
  });
});
