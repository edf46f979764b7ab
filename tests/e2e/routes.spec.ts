import { expect, test } from './support/fixtures';
import { langCodes, localeFromCode, pagesOf, url } from './support/site';

for (const code of langCodes) {
  test.describe(`pages in ${code}`, () => {
    for (const page of pagesOf(code)) {
      test(`${url(code, page.path)} answers 200 with lang and its h1`, async ({
        page: browser,
      }) => {
        const response = await browser.goto(url(code, page.path));
        expect(response?.status()).toBe(200);
        await expect(browser.locator('html')).toHaveAttribute('lang', localeFromCode(code));
        const h1 = browser.locator('h1');
        await expect(h1).toHaveCount(1);
        await expect(h1).toHaveText(page.h1);
        await expect(browser).toHaveTitle(/\S/);
      });
    }
  });
}

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  for (const code of langCodes) {
    test(`no page in ${code} scrolls sideways at 375 px`, async ({ page }) => {
      test.setTimeout(120_000);
      const wide: string[] = [];
      for (const { path } of pagesOf(code)) {
        await page.goto(url(code, path));
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        if (overflow > 0) wide.push(`${path}: ${overflow}px`);
      }
      expect(wide).toEqual([]);
    });
  }
});
