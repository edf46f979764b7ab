import { existsSync } from 'node:fs';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { chromiumSuite } from './tests/support/playwright';
import { analyticsTestBuild } from './tests/e2e/support/analytics-build';

const port = Number(process.env.E2E_PORT ?? 3100);
export const e2eDataDir = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
const standInPort = port + 5;
const webhookSecret = 'e2e-webhook-secret-0123456789';
// The same site built with analytics providers on (`npm run build:analytics-test`),
// reporting to stand-ins: served beside the usual build when it exists.
const analytics = analyticsTestBuild(port);
const analyticsBuilt = existsSync(`${analytics.distDir}/server.mjs`);
// The release suite (`npm run test:release`) runs the tests tagged @release,
// the default one (`npm test`) every other (tests/e2e/support/suites.ts).
const releaseSuite = process.env.E2E_SUITE === 'release';

type WebServer = NonNullable<Extract<PlaywrightTestConfig['webServer'], unknown[]>>[number];

/**
 * The production server (`npm start`, the build in DIST_DIR) on a port, with
 * these variables over a silent log; with `stderr: 'pipe'` what it writes
 * there is shown in the test output.
 */
function site(sitePort: number, env: Record<string, string>, stderr: 'pipe' | 'ignore' = 'ignore') {
  return {
    command: 'node scripts/start.mjs',
    env: { PORT: String(sitePort), LOG_LEVEL: 'silent', ...env },
    url: `http://localhost:${sitePort}/en`,
    reuseExistingServer: !process.env.CI,
    // A first start creates the embedded database, which takes a while on a busy machine.
    timeout: 180_000,
    stdout: 'ignore',
    stderr,
  } satisfies WebServer;
}

/** A stand-in for an outside service, ready when it lists the calls it has had. */
function standIn(script: string, listensOn: number, env: Record<string, string>) {
  return {
    command: `node ${script}`,
    env,
    url: `http://127.0.0.1:${listensOn}/calls`,
    reuseExistingServer: !process.env.CI,
    timeout: 10_000,
  } satisfies WebServer;
}

const suite = chromiumSuite(port, process.env.E2E_OUTPUT_DIR ?? 'test-results/playwright');

/**
 * End-to-end tests run against the production build (`npm run build` first;
 * the test script does it) served as in production by `npm start`
 * (scripts/start.mjs), in the system Chromium.
 */
export default defineConfig({
  ...suite,
  testDir: 'tests/e2e',
  grep: releaseSuite ? /@release/ : undefined,
  grepInvert: releaseSuite ? undefined : /@release/,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    ...suite.use,
    // The DOM and network of a failed test, without the screencast, which cost
    // 5-10 % of the suite's time on the 2-core CI machine.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  webServer: [
    // Stand-ins for Telegram and a webhook, which the site delivers leads to.
    standIn('tests/e2e/support/stand-ins.mjs', standInPort, {
      E2E_STANDIN_PORT: String(standInPort),
      LEADS_WEBHOOK_SECRET: webhookSecret,
    }),
    // A database of its own (PGlite), so tests never touch ./data. As if behind
    // one proxy (TRUSTED_PROXIES=1): each test is a visitor of its own by the
    // X-Forwarded-For it sends. Its warnings and errors are shown.
    site(
      port,
      {
        DATA_DIR: e2eDataDir,
        LOG_LEVEL: 'warn',
        TRUSTED_PROXIES: '1',
        TELEGRAM_BOT_TOKEN: '123456789:AAE2e-stand-in-token-0123456789',
        TELEGRAM_CHAT_ID: '-1001234567890',
        TELEGRAM_API_URL: `http://127.0.0.1:${standInPort}`,
        LEADS_WEBHOOK_URL: `http://127.0.0.1:${standInPort}/webhook`,
        LEADS_WEBHOOK_SECRET: webhookSecret,
        LEADS_NOTIFY_PER_MINUTE: '1000',
      },
      'pipe',
    ),
    // The same site with its database unreachable (nothing listens on port 9).
    site(port + 1, { DATABASE_URL: 'postgres://postgres@127.0.0.1:9/none' }),
    // The site exposed directly (TRUSTED_PROXIES=0), on a database of its own.
    site(port + 2, { DATA_DIR: `${e2eDataDir}-no-proxy`, TRUSTED_PROXIES: '0' }),
    // Stand-ins for the analytics providers (Yandex Metrica, gtag.js, Umami) and
    // the site built to report to them, for the release suite's consent tests.
    ...(releaseSuite && analyticsBuilt
      ? [
          standIn('tests/e2e/support/analytics-stand-ins.mjs', analytics.standInPort, {
            E2E_ANALYTICS_PORT: String(analytics.standInPort),
          }),
          site(
            analytics.sitePort,
            {
              DIST_DIR: analytics.distDir,
              DATA_DIR: `${e2eDataDir}-analytics`,
              TRUSTED_PROXIES: '1',
              LEADS_WEBHOOK_URL: `http://127.0.0.1:${standInPort}/webhook`,
              LEADS_WEBHOOK_SECRET: webhookSecret,
            },
            'pipe',
          ),
        ]
      : []),
  ],
});
