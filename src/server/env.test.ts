import { describe, expect, it } from 'vitest';
import { parseServerEnv } from './env';

describe('parseServerEnv', () => {
  it('runs with nothing set: embedded database, no delivery channels', () => {
    const env = parseServerEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env).toMatchObject({
      DATA_DIR: './data',
      TELEGRAM_API_URL: 'https://api.telegram.org',
      OUTBOX_WORKER: 'in-server',
      TRUSTED_PROXIES: 0,
    });
  });

  it('treats empty values as unset', () => {
    expect(
      parseServerEnv({ DATABASE_URL: '', SMTP_URL: '', LEADS_EMAIL_TO: '' }).DATABASE_URL,
    ).toBeUndefined();
  });

  it('reads the channels and splits the recipients', () => {
    const env = parseServerEnv({
      TELEGRAM_BOT_TOKEN: '123456789:AAEhBOweik6ad6PsVMRxjeQKkHmdhGfhV0',
      TELEGRAM_CHAT_ID: '-1001234567890',
      TELEGRAM_API_URL: 'http://127.0.0.1:9999/',
      SMTP_URL: 'smtp://user:pass@127.0.0.1:2525',
      LEADS_EMAIL_TO: 'sales@example.com, lead@example.com',
    });
    expect(env.TELEGRAM_API_URL).toBe('http://127.0.0.1:9999');
    expect(env.LEADS_EMAIL_TO).toEqual(['sales@example.com', 'lead@example.com']);
  });

  it("reads the offline conversions: the CRMs' webhooks and the analytics services' keys", () => {
    const env = parseServerEnv({
      BITRIX24_WEBHOOK_URL: 'https://agency.bitrix24.ru/rest/1/key',
      BITRIX24_OUTGOING_TOKEN: '51856fefc120afa4b628cc82d3935cce',
      AMOCRM_BASE_URL: 'https://agency.amocrm.ru',
      AMOCRM_ACCESS_TOKEN: 'amo-long-lived-token-0123456789',
      AMOCRM_WEBHOOK_SECRET: 'amo-hook-secret-0123456789abcdef',
      METRIKA_OFFLINE_TOKEN: 'y0_AgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      GA4_API_SECRET: 'AbCdEfGhIjKlMnOpQrStUv',
      GA4_MP_URL: 'http://127.0.0.1:9999/',
    });
    expect(env).toMatchObject({
      METRIKA_OFFLINE_GOAL: 'deal_won',
      METRIKA_API_URL: 'https://api-metrika.yandex.net',
      GA4_MP_URL: 'http://127.0.0.1:9999',
    });
  });

  it.each([
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL: must be a postgres/],
    [{ TELEGRAM_BOT_TOKEN: 'nope', TELEGRAM_CHAT_ID: '1' }, /TELEGRAM_BOT_TOKEN: must look like/],
    [
      { TELEGRAM_BOT_TOKEN: '123456789:AAEhBOweik6ad6PsVMRxjeQKkHmdhGfhV0' },
      /TELEGRAM_CHAT_ID: .*set together/,
    ],
    [{ SMTP_URL: 'http://mail', LEADS_EMAIL_TO: 'a@example.com' }, /SMTP_URL: must be smtp/],
    [
      { SMTP_URL: 'smtp://mail', LEADS_EMAIL_TO: 'not-an-address' },
      /LEADS_EMAIL_TO.*email address/,
    ],
    [{ OUTBOX_WORKER: 'sometimes' }, /OUTBOX_WORKER/],
    [
      { BITRIX24_OUTGOING_TOKEN: '51856fefc120afa4b628cc82d3935cce' },
      /BITRIX24_OUTGOING_TOKEN: .*needs BITRIX24_WEBHOOK_URL/,
    ],
    [
      { AMOCRM_WEBHOOK_SECRET: 'amo-hook-secret-0123456789abcdef' },
      /AMOCRM_WEBHOOK_SECRET: .*needs AMOCRM_BASE_URL/,
    ],
    [{ AMOCRM_WEBHOOK_SECRET: 'short' }, /AMOCRM_WEBHOOK_SECRET: must be 16 or more/],
    [{ AMOCRM_WEBHOOK_SECRET: 'has a space and more than 16' }, /AMOCRM_WEBHOOK_SECRET/],
    [{ METRIKA_OFFLINE_GOAL: 'deal won' }, /METRIKA_OFFLINE_GOAL/],
    [{ GA4_MP_URL: 'ftp://example.com' }, /GA4_MP_URL/],
  ])('stops with a message naming the bad variable: %j', (source, message) => {
    expect(() => parseServerEnv(source)).toThrow(message);
  });
});
