import { violations } from './support/axe';
import { expect, test } from './support/fixtures';
import {
  langCodes,
  localeFromCode,
  pagesOf,
  samplesOf,
  url,
  type LangCode,
  type SitePage,
} from './support/site';

/**
 * Pages in the browser at phone width (the width where a page is most likely
 * to break): each answers 200 in its language with its one h1, never scrolls
 * sideways, and axe finds nothing on the whole page. The first page of each
 * type in English and Kazakh is then widened to desktop width (1280 px) and
 * checked by axe again: the same page, laid out again, adds about 1 s (median
 * of a CI run on a slow 2-core machine), where opening it anew at that width
 * took about 10 s.
 *
 * `npm test` opens the first page of each type in each language (16 × 4), and
 * in Kazakh (the longest words) every article, case study and service page: the
 * pages whose Markdown bodies differ in structure (tables, code, task lists,
 * figures). The other pages of a type are the same components around other
 * text, and every page of the sitemap is fetched in every language by
 * tests/e2e/seo.spec.ts (status, language, its h1, head, structured data).
 * `E2E_SWEEP=all` opens every page here (236; about 10 minutes on two cores):
 * the run to make after bulk content changes and before a release (README,
 * "Tests").
 */
const sweepAll = process.env.E2E_SWEEP === 'all';
const bodies = new Set(['article', 'case', 'service']);
const desktopChecked = new Set<LangCode>(['en', 'kz']);

function pagesToOpen(code: LangCode, samples: Set<string>): SitePage[] {
  if (sweepAll) return pagesOf(code);
  return pagesOf(code).filter(
    (page) => samples.has(page.path) || (code === 'kz' && bodies.has(page.type)),
  );
}

test.use({ viewport: { width: 375, height: 740 } });

for (const code of langCodes) {
  test.describe(`pages in ${code}`, () => {
    const samples = new Set(samplesOf(code).map((sample) => sample.path));
    for (const page of pagesToOpen(code, samples)) {
      const atDesktop = desktopChecked.has(code) && samples.has(page.path);
      const name = `${url(code, page.path)}: 200, lang, its h1, no sideways scroll, no axe violations${atDesktop ? ', at 375 and 1280 px' : ''}`;
      test(name, async ({ page: browser }) => {
        const response = await browser.goto(url(code, page.path));
        expect(response?.status()).toBe(200);
        await expect(browser.locator('html')).toHaveAttribute('lang', localeFromCode(code));
        const h1 = browser.locator('h1');
        await expect(h1).toHaveCount(1);
        await expect(h1).toHaveText(page.h1);
        await expect(browser).toHaveTitle(/\S/);
        const overflow = () =>
          browser.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(await overflow(), 'sideways scroll in px').toBeLessThanOrEqual(0);
        expect(await violations(browser)).toEqual([]);
        if (atDesktop) {
          await browser.setViewportSize({ width: 1280, height: 800 });
          expect(await overflow(), 'sideways scroll in px at 1280 px').toBeLessThanOrEqual(0);
          expect(await violations(browser), 'at 1280 px').toEqual([]);
        }
      });
    }
  });
}
