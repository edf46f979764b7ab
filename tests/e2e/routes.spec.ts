import { violations } from './support/axe';
import { expect, test } from './support/fixtures';
import { inRelease } from './support/suites';
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
 * sideways, and axe finds nothing on the whole page.
 *
 * The default suite opens the first page of each type once, the languages
 * taking turns between the types, and checks it again at desktop width
 * (1280 px): the same page laid out again costs far less than opening it anew.
 * The other pages of a type are the same components around other text, and
 * every page of the sitemap is fetched in every language by
 * tests/e2e/seo.spec.ts (status, language, its h1, head, structured data).
 *
 * The release suite opens every other page in every language (the run to make
 * after bulk content changes and before a release; docs/development.md, "Testing it"), and each
 * type's first page at desktop width too.
 */
const types = [...new Set(pagesOf('en').map((page) => page.type))];
/** The language in which the default suite opens a type's first page. */
const defaultLanguage = (type: string): LangCode =>
  langCodes[types.indexOf(type) % langCodes.length]!;

test.use({ viewport: { width: 375, height: 740 } });

function check(code: LangCode, page: SitePage, atDesktop: boolean, details: object) {
  const name = `${url(code, page.path)}: 200, lang, its h1, no sideways scroll, no axe violations${atDesktop ? ', at 375 and 1280 px' : ''}`;
  test(name, details, async ({ page: browser }) => {
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

for (const code of langCodes) {
  test.describe(`pages in ${code}`, () => {
    const samples = new Set(samplesOf(code).map((sample) => sample.path));
    for (const page of pagesOf(code)) {
      const sample = samples.has(page.path);
      const inDefault = sample && defaultLanguage(page.type) === code;
      check(code, page, sample, inDefault ? {} : inRelease);
    }
  });
}
