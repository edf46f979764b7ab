import { test as base, expect } from '@playwright/test';

/**
 * Every test that opens a page fails on a console error or an uncaught
 * exception in it. A 404 document makes Chromium log "Failed to load resource
 * … 404"; tests that open a missing page on purpose list it in
 * `allowedConsoleErrors`. Tests that only send requests get no page, so no
 * browser context is made for them.
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[] }>({
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, javaScriptEnabled, allowedConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (!allowedConsoleErrors.some((re) => re.test(text))) errors.push(text);
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    // A page opened with goto is used once it is interactive: a click that lands
    // before React has attached its handlers would test nothing.
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const type = response?.headers()['content-type'] ?? '';
      if (javaScriptEnabled && type.includes('text/html')) {
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      }
      return response;
    };
    await use(page);
    expect(errors, 'console errors').toEqual([]);
  },
});

export { expect };
