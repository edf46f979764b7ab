import { violations } from './support/axe';
import { expect, test } from './support/fixtures';
import { langCodes, localeFromCode, pagesOf, url } from './support/site';

/**
 * Every page of the sitemap in every language, in the browser, at phone width
 * (the width where a page is most likely to break): it answers 200 in its
 * language with its one h1, never scrolls sideways, and axe finds nothing.
 * tests/e2e/a11y.spec.ts checks one page of each type at desktop width.
 */
test.use({ viewport: { width: 375, height: 740 } });

for (const code of langCodes) {
  test.describe(`pages in ${code}`, () => {
    for (const page of pagesOf(code)) {
      test(`${url(code, page.path)}: 200, lang, its h1, no sideways scroll, no axe violations`, async ({
        page: browser,
      }) => {
        const response = await browser.goto(url(code, page.path));
        expect(response?.status()).toBe(200);
        await expect(browser.locator('html')).toHaveAttribute('lang', localeFromCode(code));
        const h1 = browser.locator('h1');
        await expect(h1).toHaveCount(1);
        await expect(h1).toHaveText(page.h1);
        await expect(browser).toHaveTitle(/\S/);
        const overflow = await browser.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, 'sideways scroll in px').toBeLessThanOrEqual(0);
        expect(await violations(browser)).toEqual([]);
      });
    }
  });
}
