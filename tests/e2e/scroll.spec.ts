import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { messages } from './support/site';

const en = messages.en;

async function headerBottom(page: Page): Promise<number> {
  const box = await page.getByRole('banner').boundingBox();
  return box!.y + box!.height;
}

test.describe('scrolling', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('a hash link to another page scrolls its target into view below the sticky header', async ({
    page,
  }) => {
    await page.goto('/en/contacts');
    await page
      .getByRole('navigation', { name: en.Header.mainNav })
      .getByRole('link', { name: en.Nav.pricing })
      .click();
    await expect(page).toHaveURL(/\/en#pricing$/);
    const heading = page.getByRole('heading', { name: en.HomePage.pricing.title });
    await expect(heading).toBeInViewport();
    await expect
      .poll(async () => (await page.locator('#pricing').boundingBox())!.y)
      .toBeGreaterThanOrEqual(await headerBottom(page));
  });

  test('a hash link on the same page scrolls at once', async ({ page }) => {
    await page.goto('/en');
    await page.getByRole('banner').getByRole('link', { name: en.Header.contactButton }).click();
    await expect(page).toHaveURL(/\/en#consultation$/);
    await expect(page.locator('#consultation')).toBeInViewport();
    const top = (await page.locator('#consultation').boundingBox())!.y;
    expect(top).toBeGreaterThanOrEqual(await headerBottom(page));
    expect(top).toBeLessThan((await headerBottom(page)) + 40);
  });

  test('opening an address with a hash lands on the target below the header', async ({ page }) => {
    await page.goto('/en#calculator');
    await expect(page.locator('#calculator')).toBeInViewport();
    expect((await page.locator('#calculator').boundingBox())!.y).toBeGreaterThanOrEqual(
      await headerBottom(page),
    );
  });

  test('a new page starts at the top, and Back restores the earlier position', async ({ page }) => {
    await page.goto('/en');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: en.Footer.contacts }).click();
    await expect(page.locator('h1')).toHaveText(en.ContactsPage.title);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page.locator('h1')).toHaveText(en.HomePage.hero.title);
    // The earlier position, or the end of the page when the page came back a few pixels
    // shorter (its font is `optional`: the first visit may have drawn the fallback).
    const restored = () =>
      page.evaluate(
        (earlier) =>
          window.scrollY -
          Math.min(earlier, document.documentElement.scrollHeight - window.innerHeight),
        before,
      );
    await expect.poll(restored).toBeGreaterThan(-5);
    await page.goForward();
    await expect(page.locator('h1')).toHaveText(en.ContactsPage.title);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
