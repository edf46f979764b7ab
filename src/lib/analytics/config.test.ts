import { describe, expect, it } from 'vitest';
import { headerPolicy, pageScriptSources } from '@/lib/security/headers';
import {
  AnalyticsConfigError,
  analyticsFromEnv,
  analyticsOrigins,
  enabledProviders,
  setsCookies,
} from './config';
import { everyProvider } from '../../../tests/support/analytics';

describe('analyticsFromEnv', () => {
  it('turns nothing on by default, or for empty values', () => {
    expect(analyticsFromEnv({})).toEqual({});
    expect(analyticsFromEnv({ METRIKA_COUNTER_ID: '', GA4_MEASUREMENT_ID: '' })).toEqual({});
  });

  it('turns on each provider whose setting is given, with its own script unless told another', () => {
    const providers = analyticsFromEnv(everyProvider);
    expect(enabledProviders(providers)).toEqual(['metrika', 'ga4', 'umami']);
    expect(providers.metrika).toEqual({
      counterId: '98765432',
      scriptUrl: 'https://mc.yandex.ru/metrika/tag.js',
    });
    expect(providers.ga4?.scriptUrl).toBe('https://www.googletagmanager.com/gtag/js');
    expect(
      analyticsFromEnv({
        ...everyProvider,
        METRIKA_SCRIPT_URL: 'http://127.0.0.1:3106/metrika/tag.js',
      }).metrika?.scriptUrl,
    ).toBe('http://127.0.0.1:3106/metrika/tag.js');
    expect(setsCookies(providers)).toBe(true);
    expect(
      setsCookies(
        analyticsFromEnv({
          UMAMI_SCRIPT_URL: everyProvider.UMAMI_SCRIPT_URL,
          UMAMI_WEBSITE_ID: everyProvider.UMAMI_WEBSITE_ID,
        }),
      ),
    ).toBe(false);
  });

  it('refuses a malformed setting, naming it', () => {
    expect(() => analyticsFromEnv({ METRIKA_COUNTER_ID: 'abc' })).toThrow(/METRIKA_COUNTER_ID/);
    expect(() => analyticsFromEnv({ GA4_MEASUREMENT_ID: 'UA-1234-1' })).toThrow(
      /GA4_MEASUREMENT_ID/,
    );
    expect(() =>
      analyticsFromEnv({
        UMAMI_SCRIPT_URL: 'javascript:alert(1)',
        UMAMI_WEBSITE_ID: everyProvider.UMAMI_WEBSITE_ID,
      }),
    ).toThrow(/UMAMI_SCRIPT_URL/);
    expect(() => analyticsFromEnv({ UMAMI_SCRIPT_URL: everyProvider.UMAMI_SCRIPT_URL })).toThrow(
      AnalyticsConfigError,
    );
  });
});

describe('the Content Security Policy with providers', () => {
  it('adds exactly the configured providers’ origins, and nothing without them', () => {
    expect(analyticsOrigins({})).toEqual({ script: [], connect: [], img: [] });
    const origins = analyticsOrigins(analyticsFromEnv(everyProvider));
    expect(origins.script).toEqual([
      'https://mc.yandex.ru',
      'https://www.googletagmanager.com',
      'https://stats.example.com',
    ]);
    expect(origins.connect).toEqual(
      expect.arrayContaining(['https://mc.yandex.com', 'https://*.google-analytics.com']),
    );
    const header = headerPolicy({ extra: origins });
    expect(header).toContain("script-src 'self' 'unsafe-inline' https://mc.yandex.ru");
    expect(header).toContain("connect-src 'self' https://mc.yandex.ru");
    expect(pageScriptSources(origins)).toEqual([
      "'self'",
      'https://mc.yandex.ru',
      'https://www.googletagmanager.com',
      'https://stats.example.com',
    ]);
    expect(pageScriptSources()).toEqual(["'self'"]);
    expect(headerPolicy()).not.toContain('yandex');
  });

  it('allows a provider given by address its own origin only', () => {
    const origins = analyticsOrigins(
      analyticsFromEnv({
        GA4_MEASUREMENT_ID: 'G-E2ETEST01',
        GA4_SCRIPT_URL: 'http://127.0.0.1:3106/gtag/js',
      }),
    );
    expect(origins).toEqual({
      script: ['http://127.0.0.1:3106'],
      connect: ['http://127.0.0.1:3106'],
      img: ['http://127.0.0.1:3106'],
    });
  });
});
