import { violations } from './support/axe';
import { expect, test } from './support/fixtures';
import { messages, url } from './support/site';
import { journeyLanguages } from './support/suites';

// Pages are checked with axe in tests/e2e/routes.spec.ts: one of each type at
// phone and desktop width (every page in every language in the release suite).
// Here, the states a page only reaches by interaction, each in one language by
// default and in the others in the release suite.
for (const { code, details } of journeyLanguages('kz')) {
  test.describe(`accessibility in ${code}`, details, () => {
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
}

for (const { code, details } of journeyLanguages('ua')) {
  test.describe(`404 in ${code}`, details, () => {
    test.use({ allowedConsoleErrors: [/status of 404/] });
    test('the 404 page has no axe violations', async ({ page }) => {
      await page.goto(url(code, '/missing-page'));
      await expect(page.getByTestId('not-found-message')).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
}
