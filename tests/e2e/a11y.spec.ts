import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { langCodes, messages, pagesOf, url } from './support/site';

async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** One page of each type, in each language. */
for (const code of langCodes) {
  const seen = new Set<string>();
  const samples = pagesOf(code).filter((p) => !seen.has(p.type) && seen.add(p.type));
  test.describe(`accessibility in ${code}`, () => {
    for (const sample of samples) {
      test(`${sample.type} page has no axe violations`, async ({ page }) => {
        await page.goto(url(code, sample.path));
        expect(await violations(page)).toEqual([]);
      });
    }

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
      await expect(page.getByRole('menu')).toBeVisible();
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
