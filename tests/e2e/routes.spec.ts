import { violations } from './support/axe';
import { expect, test } from './support/fixtures';
import { langCodes, localeFromCode, pagesOf, samplesOf, url } from './support/site';

/**
 * Every page of the sitemap in every language, in the browser, at phone width
 * (the width where a page is most likely to break): it answers 200 in its
 * language with its one h1, never scrolls sideways, and axe finds nothing.
 * axe checks the whole of the first page of each type in each language and the
 * `main` of the others: what differs between two pages of one type is their
 * content; the header, the footer and the menus around it are the same
 * components, and checking them took about half of axe's time on a page
 * (this file was 44 % of the end-to-end run). tests/e2e/a11y.spec.ts checks
 * one page of each type at desktop width and the menus open.
 */
test.use({ viewport: { width: 375, height: 740 } });

for (const code of langCodes) {
  test.describe(`pages in ${code}`, () => {
    const samples = new Set(samplesOf(code).map((sample) => sample.path));
    for (const page of pagesOf(code)) {
      const whole = samples.has(page.path);
      const scope = whole ? 'the page' : 'its main';
      test(`${url(code, page.path)}: 200, lang, its h1, no sideways scroll, no axe violations in ${scope}`, async ({
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
        expect(await violations(browser, whole ? {} : { include: 'main' })).toEqual([]);
      });
    }
  });
}
