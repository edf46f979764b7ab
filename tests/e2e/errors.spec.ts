import { expect, test } from './support/fixtures';
import { messages } from './support/site';

// A 404 document is reported by Chromium itself; nothing else may be logged.
test.use({ allowedConsoleErrors: [/status of 404/] });

test.describe('not-found pages', () => {
  test('a path that matches no route: 404 and "Page not found: {path}"', async ({ page }) => {
    const response = await page.goto('/en/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found-message')).toHaveText(
      'Page not found: /en/no/such/page',
    );
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.locator('a[href*="/404"]')).toHaveCount(0);
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

  test('the 404 pages built ahead answer 404 at their own address', async ({ request }) => {
    for (const path of ['/ru/404', '/ua/404/param']) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });
});

test.describe('not-found pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  const cases = [
    { path: '/en/no/such/page', lang: 'en', text: 'Page not found: /en/no/such/page' },
    {
      path: '/ru/services/%D1%82%D0%B5%D0%BB%D0%B5%D0%BF%D0%BE%D1%80%D1%82',
      lang: 'ru',
      text: messages.ru.NotFoundPage.unknownParam.replace('{path}', '/ru/services/телепорт'),
    },
    {
      path: '/kz/blog/no-such-article',
      lang: 'kk',
      text: messages.kz.NotFoundPage.unknownParam.replace('{path}', '/kz/blog/no-such-article'),
    },
    // No language in the address: the browser's (en-US in these tests).
    { path: '/old-price-list', lang: 'en', text: 'Page not found: /old-price-list' },
  ];

  for (const { path, lang, text } of cases) {
    test(`the served page of ${path} is whole and names the path`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('not-found-message')).toHaveText(text);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      // The language menu leads to the same address in each language.
      await expect(page.locator('a[href*="/404"]')).toHaveCount(0);
      await expect(page.locator('a[hreflang="uk-UA"]').first()).toHaveAttribute(
        'href',
        `/ua${path.replace(/^\/(?:ru|en|kz|ua)(?=\/)/, '')}`,
      );
    });
  }
});
