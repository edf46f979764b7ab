import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { messages } from './support/site';
import { inRelease } from './support/suites';

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
    await expect(menu.getByRole('link', { name: /Eng/ })).toHaveAttribute('hreflang', 'en');
  });
});

/** Each language by its own name, in the menu's order. */
const ownNames = ['Русский', 'English', 'Қазақша', 'Українська'];

/** What in a part of the page could be a flag: a picture, a drawing shown to readers, a flag emoji. */
function flagsIn(part: Locator) {
  return part.evaluate((element) => {
    const found: string[] = [];
    for (const picture of element.querySelectorAll('img, picture, svg:not([aria-hidden="true"])'))
      found.push(picture.outerHTML.slice(0, 80));
    for (const node of [element, ...element.querySelectorAll('*')])
      if (getComputedStyle(node).backgroundImage !== 'none')
        found.push(`background: ${node.tagName}`);
    // Two regional indicator letters make a country's flag (🇷🇺, 🇺🇦).
    if (/[\u{1F1E6}-\u{1F1FF}]/u.test(element.textContent ?? '')) found.push('a flag emoji');
    return found;
  });
}

test.describe('the language names', () => {
  // The Ukrainian pages: where a flag beside another would cost the most trust.
  test('are each language’s own, with no flag, in the header bar and the drawer', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/ua/services/web');
    const trigger = page.getByRole('banner').getByRole('button', {
      name: `Українська, ${messages.ua.LanguageSwitcher.change}`,
      exact: true,
    });
    // On the bar the short name shows; readers hear the full one (the accessible name above).
    await expect(trigger.locator('[aria-hidden="true"]').first()).toHaveText('Укр');
    await trigger.click();
    const menu = menuOf(page, 'ua');
    await expect(menu.getByRole('link')).toHaveText(ownNames);
    for (const [index, code] of ['ru', 'en', 'kk', 'uk'].entries())
      await expect(menu.getByRole('link').nth(index)).toHaveAttribute('lang', code);
    await expect(menu.getByRole('link', { name: 'Українська' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(await flagsIn(trigger)).toEqual([]);
    expect(await flagsIn(menu)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('button', { name: messages.ua.Header.openMenu }).click();
    const inDrawer = page
      .getByRole('dialog', { name: messages.ua.Drawer.title })
      // The visible name, then what the button does (read from text hidden but for screen readers).
      .getByRole('button', {
        name: new RegExp(`^Українська\\s?, ${messages.ua.LanguageSwitcher.change}$`),
      });
    await expect(inDrawer).toContainText('Українська');
    expect(await flagsIn(inDrawer)).toEqual([]);
  });

  // Kazakh: its names and labels are the longest.
  for (const width of [375, 768, 959, 960, 1440]) {
    test(`leave the header on one line at ${width} px`, inRelease, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/kz');
      const header = page.getByRole('banner');
      const trigger = header.getByRole('button', { name: /Қазақша/ });
      // On the bar from 600 px; below that, at the foot of the drawer.
      if (width >= 600)
        await expect(trigger.locator('[aria-hidden="true"]').first()).toHaveText('Қаз');
      else await expect(trigger).toBeHidden();
      const problems = await header.evaluate((element) =>
        [...element.querySelectorAll('a, button')]
          .filter((control) => control.checkVisibility())
          .flatMap((control) => {
            const box = control.getBoundingClientRect();
            const tops = new Set<number>();
            const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              // Text for screen readers only sits in a 1 px box: not a line anyone sees.
              if (
                !node.textContent?.trim() ||
                node.parentElement!.getBoundingClientRect().width <= 1
              )
                continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
            }
            const name = control.textContent?.trim() ?? control.tagName;
            return [
              ...(box.right > window.innerWidth ? [`past the edge: ${name}`] : []),
              ...(tops.size > 1 ? [`wraps: ${name}`] : []),
            ];
          }),
      );
      expect(problems).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
    });
  }
});
