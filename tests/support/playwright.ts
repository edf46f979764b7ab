import { devices, type PlaywrightTestConfig } from '@playwright/test';
import { testLaunchOptions } from '../../scripts/chromium.mjs';

/**
 * What the two Playwright suites (playwright.config.ts, the site's; and
 * playwright.editor.config.ts, the content editor's) share: no retries, the
 * list reporter, one project in the Chromium scripts/chromium.mjs finds, an
 * English browser pointed at `port`. Each adds its own `use` over `use`.
 */
export function chromiumSuite(port: number, outputDir: string) {
  return {
    retries: 0,
    reporter: 'list',
    outputDir,
    use: {
      baseURL: `http://localhost:${port}`,
      locale: 'en-US',
      launchOptions: testLaunchOptions(),
    },
    projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  } satisfies PlaywrightTestConfig;
}
