import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { testLaunchOptions } from './scripts/chromium.mjs';
import { analyticsTestBuild } from './tests/e2e/support/analytics-build';

const port = Number(process.env.E2E_PORT ?? 3100);
export const e2eDataDir = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
const standInPort = port + 5;
const webhookSecret = 'e2e-webhook-secret-0123456789';
// The same site built with analytics providers on (`npm run build:analytics-test`),
// reporting to stand-ins: served beside the usual build when it exists.
const analytics = analyticsTestBuild(port);
const analyticsBuilt = existsSync(`${analytics.distDir}/standalone/server.js`);

/**
 * End-to-end tests run against the production build (`npm run build` first;
 * the test script does it) served as in production by `npm start`
 * (scripts/start.mjs), in the system Chromium.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  outputDir: 'test-results/playwright',
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'en-US',
    // The DOM and network of a failed test, without the screencast, which cost
    // 5-10 % of the suite's time on the 2-core CI machine.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: testLaunchOptions(),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // Stand-ins for Telegram and a webhook, which the site delivers leads to.
      command: 'node tests/e2e/support/stand-ins.mjs',
      env: { E2E_STANDIN_PORT: String(standInPort), LEADS_WEBHOOK_SECRET: webhookSecret },
      url: `http://127.0.0.1:${standInPort}/calls`,
      reuseExistingServer: !process.env.CI,
      timeout: 10_000,
    },
    {
      command: 'node scripts/start.mjs',
      // A database of its own (PGlite), so tests never touch ./data. As if
      // behind one proxy (TRUSTED_PROXIES=1): each test is a visitor of its own
      // by the X-Forwarded-For it sends.
      env: {
        PORT: String(port),
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
      url: `http://localhost:${port}/en`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The same site with its database unreachable (nothing listens on port 9).
      command: 'node scripts/start.mjs',
      env: {
        PORT: String(port + 1),
        DATABASE_URL: 'postgres://postgres@127.0.0.1:9/none',
        LOG_LEVEL: 'silent',
      },
      url: `http://localhost:${port + 1}/en`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'ignore',
    },
    {
      // The site exposed directly (TRUSTED_PROXIES=0), on a database of its own.
      command: 'node scripts/start.mjs',
      env: {
        PORT: String(port + 2),
        DATA_DIR: `${e2eDataDir}-no-proxy`,
        TRUSTED_PROXIES: '0',
        LOG_LEVEL: 'silent',
      },
      url: `http://localhost:${port + 2}/en`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'ignore',
    },
    {
      // Stand-ins for the analytics providers (Yandex Metrica, gtag.js, Umami).
      command: 'node tests/e2e/support/analytics-stand-ins.mjs',
      env: { E2E_ANALYTICS_PORT: String(analytics.standInPort) },
      url: `http://127.0.0.1:${analytics.standInPort}/calls`,
      reuseExistingServer: !process.env.CI,
      timeout: 10_000,
    },
    ...(analyticsBuilt
      ? [
          {
            command: 'node scripts/start.mjs',
            env: {
              NEXT_DIST_DIR: analytics.distDir,
              PORT: String(analytics.sitePort),
              DATA_DIR: `${e2eDataDir}-analytics`,
              LOG_LEVEL: 'silent',
              TRUSTED_PROXIES: '1',
              LEADS_WEBHOOK_URL: `http://127.0.0.1:${standInPort}/webhook`,
              LEADS_WEBHOOK_SECRET: webhookSecret,
            },
            url: `http://localhost:${analytics.sitePort}/en`,
            reuseExistingServer: !process.env.CI,
            timeout: 60_000,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
          },
        ]
      : []),
  ],
});
