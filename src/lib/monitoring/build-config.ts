import { analyticsFromEnv, enabledProviders } from '../analytics/config';
import { dsnProblem, parseDsn } from './dsn';

export class ErrorTrackingConfigError extends Error {
  override name = 'ErrorTrackingConfigError';
}

type Env = Record<string, string | undefined>;

/** The browser's error reports as a build sets them up (astro.config.mjs, scripts/build-server.mts). */
export type BrowserErrorTracking = { dsn: string; origin: string; environment: string };

/**
 * Error reports from the browser, fixed when the site is built like the
 * analytics providers: on when `PUBLIC_SENTRY_DSN` is given AND the build has
 * an analytics provider, since a visitor allows them with analytics in the
 * consent banner (no provider, no banner, no reports). A malformed DSN stops
 * the build with a message naming the variable.
 */
export function browserErrorTracking(env: Env): BrowserErrorTracking | undefined {
  const dsn = env.PUBLIC_SENTRY_DSN?.trim();
  if (!dsn) return undefined;
  const parsed = parseDsn(dsn);
  if (!parsed) throw new ErrorTrackingConfigError(`Invalid PUBLIC_SENTRY_DSN: ${dsnProblem}`);
  if (enabledProviders(analyticsFromEnv(env)).length === 0) return undefined;
  return {
    dsn,
    origin: parsed.origin,
    environment: env.SENTRY_ENVIRONMENT?.trim() || 'production',
  };
}

/**
 * What the build compiles in for it (Vite's and esbuild's `define`): the
 * settings the browser's loader reads, and the origin the server's security
 * policy adds to `connect-src`. Both empty when it is off.
 */
export function errorTrackingConstants(env: Env): Record<string, string> {
  const browser = browserErrorTracking(env);
  return {
    'process.env.APP_BROWSER_ERROR_TRACKING': JSON.stringify(
      browser ? JSON.stringify({ dsn: browser.dsn, environment: browser.environment }) : '',
    ),
    'process.env.APP_ERROR_TRACKING_ORIGIN': JSON.stringify(browser?.origin ?? ''),
  };
}
