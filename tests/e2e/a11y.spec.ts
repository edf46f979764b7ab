import { violations } from './support/axe';
import { expect, test } from './support/fixtures';
import { langCodes, messages, samplesOf, url } from './support/site';

// Pages are checked with axe at phone width in tests/e2e/routes.spec.ts (one
// of each type in each language, every page with E2E_SWEEP=all); here, one page
// of each type at desktop width, and the states a page only reaches by interaction.
test.describe('accessibility at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  for (const code of ['en', 'kz'] as const) {
    for (const sample of samplesOf(code)) {
      test(`${code} ${sample.type} page has no axe violations`, async ({ page }) => {
        await page.goto(url(code, sample.path));
        expect(await violations(page)).toEqual([]);
      });
    }
  }
});

for (const code of langCodes) {
  test.describe(`accessibility in ${code}`, () => {
    test('the open drawer and language menu have no axe violations', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(url(code));
      await page.getByRole('button', { name: messages[code].Header.openMenu }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: new RegExp(messages[code].LanguageSwitcher.change) })
        .click();
      await expect(
        page.getByRole('list', { name: messages[code].LanguageSwitcher.menuLabel }),
      ).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('the open services menu has no axe violations', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(url(code));
      await page.getByRole('button', { name: messages[code].Nav.services, exact: true }).click();
      await expect(
        page.getByRole('link', { name: new RegExp(messages[code].Services.web.title) }).first(),
      ).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });

  test.describe(`404 in ${code}`, () => {
    test.use({ allowedConsoleErrors: [/status of 404/] });
    test('the 404 page has no axe violations', async ({ page }) => {
      await page.goto(url(code, '/missing-page'));
      await expect(page.getByTestId('not-found-message')).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
}
