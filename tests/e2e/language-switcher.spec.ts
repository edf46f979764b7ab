import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { messages } from './support/site';

/** The open language menu: a list of links in a popover, named by `menuLabel`. */
const menuOf = (page: Page, code: keyof typeof messages) =>
  page.getByRole('list', { name: messages[code].LanguageSwitcher.menuLabel });

test.describe('language dropdown', () => {
  test('switches to the same page in another language, keeping query and hash', async ({
    page,
    context,
  }) => {
    await page.goto('/ru/contacts?utm=mail#request');
    await page.getByRole('button', { name: /Рус/ }).click();
    const menu = menuOf(page, 'ru');
    await expect(menu.getByRole('link')).toHaveText([/Рус/, /Eng/, /Қаз/, /Ук/]);
    await menu.getByRole('link', { name: /Қаз/ }).click();

    await expect(page).toHaveURL(/\/kz\/contacts\?utm=mail#request$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'kk');
    await expect(page.locator('h1')).toHaveText(messages.kz.ContactsPage.title);
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie).toMatchObject({ value: 'kz', path: '/', sameSite: 'Lax', httpOnly: false });
  });

  test('works from the keyboard and on the home page', async ({ page, context }) => {
    await page.goto('/en');
    const trigger = page.getByRole('button', { name: /Eng/ });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = menuOf(page, 'en');
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('End');
    await expect(menu.getByRole('link', { name: /Ук/ })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('link', { name: /Қаз/ })).toBeFocused();
    // Escape closes it and gives focus back to the button; ArrowDown opens it at the first entry.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: /Рус/ })).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/ua$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('ua');
  });

  test('marks the current language and links to each page', async ({ page }) => {
    await page.goto('/ua/services/seo');
    await page.getByRole('button', { name: /Ук/ }).click();
    const menu = menuOf(page, 'ua');
    await expect(menu.getByRole('link', { name: /Ук/ })).toHaveAttribute('aria-current', 'true');
    await expect(menu.getByRole('link', { name: /Eng/ })).toHaveAttribute(
      'href',
      '/en/services/seo',
    );
    await expect(menu.getByRole('link', { name: /Eng/ })).toHaveAttribute('hreflang', 'en-US');
  });
});
