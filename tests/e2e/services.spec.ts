import { expect, test } from './support/fixtures';
import { langCodes, messages, serviceContent } from './support/site';
import { journeyLanguages } from './support/suites';

test.describe('service pages', () => {
  for (const { code, details } of journeyLanguages('ru')) {
    test(
      `the web page in ${code} has every section, a price and a working FAQ`,
      details,
      async ({ page }) => {
        const m = messages[code].ServicePage;
        const content = serviceContent('web', code);
        await page.goto(`/${code}/services/web`);
        await expect(page).toHaveTitle(new RegExp(content.seo.title.replace(/[()]/g, '.')));
        for (const title of [
          m.includesTitle,
          m.processTitle,
          m.deliverablesTitle,
          m.technologiesTitle,
          m.faqTitle,
          m.relatedTitle,
        ]) {
          await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
        }
        await expect(page.getByTestId('service-price')).toHaveText(/\d/);
        // The page's FAQ, not the header drawer's services list (also a <details>).
        const faq = page.getByRole('main').locator('details');
        await faq.first().locator('summary').click();
        await expect(faq.first()).toHaveAttribute('open', '');
        await page.getByRole('link', { name: m.discuss }).click();
        await expect(page).toHaveURL(new RegExp(`/${code}#consultation$`));
      },
    );
  }

  test('a price is in the currency of the language', async ({ page }) => {
    const expected = { ru: '₽', en: '$', kz: '₸', ua: '₴' };
    for (const code of langCodes) {
      await page.goto(`/${code}/services/seo`);
      await expect(page.getByTestId('service-price')).toContainText(expected[code]);
    }
  });

  test('FAQ answers link to the calculator in the page language', async ({ page }) => {
    await page.goto('/kz/services/web');
    await expect(page.getByRole('main').locator('details a[href="/kz/calculator"]')).toHaveCount(1);
  });
});
