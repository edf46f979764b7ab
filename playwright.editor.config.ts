import { defineConfig } from '@playwright/test';
import { chromiumSuite } from './tests/support/playwright';

const port = Number(process.env.EDITOR_E2E_PORT ?? 3200);
const suite = chromiumSuite(port, 'test-results/playwright-editor');

/**
 * The content editor's end-to-end test (tests/editor/): /keystatic in local
 * mode on the development server (`astro dev`), run on a scratch copy of the
 * project (tests/editor/dev-server.mjs), in the system Chromium. A development
 * server compiles each page on its first visit, hence the long timeouts.
 */
export default defineConfig({
  ...suite,
  testDir: 'tests/editor',
  workers: 1,
  timeout: 480_000,
  expect: { timeout: 30_000 },
  use: {
    ...suite.use,
    trace: 'retain-on-failure',
    navigationTimeout: 180_000,
    actionTimeout: 30_000,
  },
  webServer: {
    command: 'node tests/editor/dev-server.mjs',
    env: { EDITOR_E2E_PORT: String(port), LOG_LEVEL: 'warn' },
    // Ready when the editor's page answers (which compiles it).
    url: `http://127.0.0.1:${port}/keystatic`,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
