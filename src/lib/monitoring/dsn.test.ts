import { describe, expect, it } from 'vitest';
import { everyProvider } from '../../../tests/support/analytics';
import { browserErrorTracking, errorTrackingConstants } from './build-config';
import { parseDsn } from './dsn';

describe('a DSN', () => {
  it('is read as Sentry and GlitchTip show it', () => {
    expect(parseDsn('https://0123abcd@o450.ingest.sentry.io/5678')).toEqual({
      origin: 'https://o450.ingest.sentry.io',
      projectId: '5678',
    });
    expect(parseDsn('https://key@app.glitchtip.com/12')).toEqual({
      origin: 'https://app.glitchtip.com',
      projectId: '12',
    });
    // A self-hosted one under a path, on its own port.
    expect(parseDsn('http://key@errors.internal:9000/sentry/3')).toEqual({
      origin: 'http://errors.internal:9000',
      projectId: '3',
    });
  });

  it('is refused without its key, its project, or as another kind of address', () => {
    for (const wrong of [
      'https://o450.ingest.sentry.io/5678',
      'https://key@o450.ingest.sentry.io/',
      'https://key@o450.ingest.sentry.io/project',
      'ftp://key@example.com/1',
      'https://key@example.com/1?x=1',
      'not a dsn',
    ])
      expect(parseDsn(wrong), wrong).toBeUndefined();
  });
});

describe('the browser’s error reports in a build', () => {
  const dsn = 'https://0123abcd@o450.ingest.sentry.io/5678';

  it('are on with PUBLIC_SENTRY_DSN beside an analytics provider', () => {
    expect(
      browserErrorTracking({
        ...everyProvider,
        PUBLIC_SENTRY_DSN: dsn,
        SENTRY_ENVIRONMENT: 'staging',
      }),
    ).toEqual({ dsn, origin: 'https://o450.ingest.sentry.io', environment: 'staging' });
    expect(
      errorTrackingConstants({
        UMAMI_SCRIPT_URL: everyProvider.UMAMI_SCRIPT_URL,
        UMAMI_WEBSITE_ID: everyProvider.UMAMI_WEBSITE_ID,
        PUBLIC_SENTRY_DSN: dsn,
      }),
    ).toEqual({
      'process.env.APP_BROWSER_ERROR_TRACKING': JSON.stringify(
        JSON.stringify({ dsn, environment: 'production' }),
      ),
      'process.env.APP_ERROR_TRACKING_ORIGIN': JSON.stringify('https://o450.ingest.sentry.io'),
    });
  });

  it('are off without the DSN, and without a provider, whose banner asks for them', () => {
    const off = {
      'process.env.APP_BROWSER_ERROR_TRACKING': '""',
      'process.env.APP_ERROR_TRACKING_ORIGIN': '""',
    };
    expect(errorTrackingConstants(everyProvider)).toEqual(off);
    expect(errorTrackingConstants({ PUBLIC_SENTRY_DSN: dsn })).toEqual(off);
    expect(browserErrorTracking({ PUBLIC_SENTRY_DSN: dsn })).toBeUndefined();
  });

  it('stop a build with a malformed DSN, naming the variable', () => {
    expect(() =>
      browserErrorTracking({ ...everyProvider, PUBLIC_SENTRY_DSN: 'https://sentry.io' }),
    ).toThrow(/^Invalid PUBLIC_SENTRY_DSN: must be the DSN your Sentry or GlitchTip project shows/);
    // Even without a provider: the setting is wrong either way.
    expect(() => browserErrorTracking({ PUBLIC_SENTRY_DSN: 'nonsense' })).toThrow(
      /PUBLIC_SENTRY_DSN/,
    );
  });
});
