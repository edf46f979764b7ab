/**
 * A second production build of the site with every analytics provider on,
 * each reporting to a local stand-in (tests/e2e/support/analytics-stand-ins.mjs),
 * into its own folder (dist-analytics) beside the usual build: the end-to-end
 * tests of the consent banner and the goals run against it. Providers are
 * fixed at build time (pages are static), so this takes a build of its own.
 *
 *   npm run build:analytics-test        (E2E_PORT as the end-to-end tests use it)
 */
import { spawnSync } from 'node:child_process';
import { analyticsTestBuild } from '../tests/e2e/support/analytics-build';
import { e2eSentryDsn } from '../tests/support/fake-sentry';

const { env } = analyticsTestBuild();
const result = spawnSync('npm', ['run', 'build'], {
  stdio: 'inherit',
  // The browser's error reports too, to a stand-in Sentry the tests start
  // (tests/e2e/error-tracking.spec.ts): they go with analytics consent.
  env: { ...process.env, ...env, PUBLIC_SENTRY_DSN: e2eSentryDsn() },
});
process.exit(result.status ?? 1);
