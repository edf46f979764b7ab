import { expect, test } from './support/fixtures';
import { messages } from './support/site';

test.describe('language dropdown', () => {
  test('switches to the same page in another language, keeping query and hash', async ({
    page,
    context,
  }) => {
    await page.goto('/ru/contacts?utm=mail#request');
    await page.getByRole('button', { name: /Рус/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([/Рус/, /Eng/, /Қаз/, /Ук/]);
    await menu.getByRole('menuitem', { name: /Қаз/ }).click();

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
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: /Ук/ })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: /Қаз/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/ua$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('ua');
  });

  test('marks the current language and links to each page', async ({ page }) => {
    await page.goto('/ua/services/seo');
    await page.getByRole('button', { name: /Ук/ }).click();
    const current = page.getByRole('menuitem', { name: /Ук/ });
    await expect(current).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('menuitem', { name: /Eng/ })).toHaveAttribute(
      'href',
      '/en/services/seo',
    );
    await expect(page.getByRole('menuitem', { name: /Eng/ })).toHaveAttribute('hreflang', 'en-US');
  });
});
