import { expect, test } from './support/fixtures';
import { messages } from './support/site';

test.describe('keyboard', () => {
  test('the first Tab shows the skip link, which moves focus to the page content', async ({
    page,
  }) => {
    await page.goto('/en/contacts');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: messages.en.SkipLink.label });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await page.keyboard.press('Tab');
    // The next stop is inside the page, past the whole header.
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  });

  test('focus is visible on links and buttons', async ({ page }) => {
    await page.goto('/en');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement!).outlineStyle,
    );
    expect(outline).toBe('solid');
  });

  test('animations are switched off for visitors who ask for reduced motion', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      reducedMotion: 'reduce',
      viewport: { width: 400, height: 800 },
    });
    const page = await context.newPage();
    await page.goto('/en');
    await page.getByRole('button', { name: messages.en.Header.openMenu }).click();
    const duration = await page
      .getByRole('dialog')
      .evaluate((el) => parseFloat(getComputedStyle(el).animationDuration));
    expect(duration).toBeLessThan(0.001);
    await context.close();
  });
});
