/**
 * The Chromium the end-to-end tests, the benchmark and the screenshots drive:
 * `CHROMIUM_PATH` when set; else Debian's package (`/usr/bin/chromium`); else
 * the browser Playwright downloads (`npx playwright install chromium`, the way
 * on Ubuntu, whose `chromium` is a snap, and on macOS). Undefined when there is
 * none: Playwright then says how to install one.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const systemChromium = '/usr/bin/chromium';

export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync(systemChromium)) return systemChromium;
  const own = chromium.executablePath();
  return own && existsSync(own) ? own : undefined;
}

/** How the test suites launch it: headless in a container, nothing fetched in the background. */
export function testLaunchOptions() {
  return {
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
  };
}
