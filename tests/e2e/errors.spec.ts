import { expect, test } from './support/fixtures';
import { messages } from './support/site';

// A 404 document is reported by Chromium itself; nothing else may be logged.
test.use({ allowedConsoleErrors: [/status of 404/] });

test.describe('not-found pages (BEHAVIOUR.md section 3)', () => {
  test('a path that matches no route: 404 and "Page not found: {path}"', async ({ page }) => {
    const response = await page.goto('/en/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found-message')).toHaveText(
      'Page not found: /en/no/such/page',
    );
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.getByRole('link', { name: messages.en.NotFoundPage.home }).click();
    await expect(page).toHaveURL(/\/en$/);
  });

  test('an unknown service: 404 and "Page Not Found: {path}"', async ({ page }) => {
    const response = await page.goto('/en/services/teleportation');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found-message')).toHaveText(
      'Page Not Found: /en/services/teleportation',
    );
  });

  test('an unknown article: 404 and "Page Not Found: {path}"', async ({ page }) => {
    const response = await page.goto('/en/blog/no-such-article');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found-message')).toHaveText(
      'Page Not Found: /en/blog/no-such-article',
    );
  });

  test('is in the language of the address', async ({ page }) => {
    const response = await page.goto('/kz/zzz');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'kk');
    await expect(page.getByTestId('not-found-message')).toHaveText(
      messages.kz.NotFoundPage.unknownRoute.replace('{path}', '/kz/zzz'),
    );
    await expect(page).toHaveTitle(new RegExp(messages.kz.NotFoundPage.metaTitle));
  });

  test('an unprefixed unknown path keeps its address and speaks the visitor language', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'uk-UA' });
    const page = await context.newPage();
    page.on('console', () => {});
    const response = await page.goto('/old-price-list?ref=1');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/old-price-list\?ref=1$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    await expect(page.getByTestId('not-found-message')).toHaveText(
      messages.ua.NotFoundPage.unknownRoute.replace('{path}', '/old-price-list'),
    );
    await context.close();
  });

  test('a missing page under an unknown language code is a 404 too', async ({ request }) => {
    expect((await request.get('/de/blog')).status()).toBe(404);
  });
});
