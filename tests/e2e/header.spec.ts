import type { Page } from '@playwright/test';
import { serviceSlugs } from '@/config/services';
import { violations } from './support/axe';
import { expect, test } from './support/fixtures';
import { inRelease } from './support/suites';
import { messages } from './support/site';

/**
 * The header's markup: one navigation that is the drawer's below 960 px and
 * the header bar's menu from there, each list in the page once, and its
 * controls clean for axe in both layouts with the page's code.
 */

const ru = messages.ru;
const hamburger = (page: Page) => page.locator(`button[aria-label="${ru.Header.openMenu}"]`);
const drawer = (page: Page) => page.getByRole('dialog', { name: ru.Drawer.title });

test.describe('the header markup', () => {
  test.use({ javaScriptEnabled: false });

  // The drawer and the header bar's menu are one <nav>: the first paint has
  // half the header to lay out, and a page half the links to send.
  test('carries each list of the navigation once, for both layouts', async ({ page }) => {
    // A page the menu does not list: the language menus link to this page only.
    await page.goto('/ru/about');
    const header = page.getByRole('banner');
    await expect(header.locator('nav')).toHaveCount(1);
    for (const slug of serviceSlugs) {
      await expect(header.locator(`a[href="/ru/services/${slug}"]`), slug).toHaveCount(1);
    }
    for (const href of ['/ru#pricing', '/ru/cases', '/ru/blog', '/ru/contacts']) {
      await expect(header.locator(`a[href="${href}"]`), href).toHaveCount(1);
    }
    // Each service's summary is in the page once, and shows in the header bar only.
    await expect(header.getByText(ru.Services.crm.summary)).toHaveCount(1);
  });
});

test.describe('with the page code', () => {
  // The same menus open are checked by axe in a11y.spec.ts (in Kazakh by default).
  test(
    'the header bar with its menus open, and the open drawer, have no axe violations',
    inRelease,
    async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/ru/services/seo');
      const nav = page.getByRole('navigation', { name: ru.Header.mainNav });
      await nav.getByRole('button', { name: ru.Nav.services }).click();
      await expect(
        nav.getByRole('link', { name: new RegExp(ru.Services.crm.title) }),
      ).toBeVisible();
      // The page shown is marked in the menu.
      await expect(
        nav.getByRole('link', { name: new RegExp(ru.Services.seo.title) }),
      ).toHaveAttribute('aria-current', 'page');
      expect(await violations(page, { include: 'header' })).toEqual([]);
      await page.getByRole('banner').getByRole('button', { name: /Рус/ }).click();
      await expect(page.getByRole('list', { name: ru.LanguageSwitcher.menuLabel })).toBeVisible();
      expect(await violations(page, { include: 'header' })).toEqual([]);

      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 375, height: 740 });
      await hamburger(page).click();
      await expect(drawer(page)).toBeVisible();
      // On a service's page its submenu is open, with the service marked.
      await expect(drawer(page).getByRole('link', { name: ru.Services.seo.title })).toBeVisible();
      await expect(drawer(page).getByRole('link', { name: ru.Services.seo.title })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(await violations(page)).toEqual([]);
    },
  );
});
