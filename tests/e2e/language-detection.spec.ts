import { expect, test } from './support/fixtures';

const table: [string | undefined, string][] = [
  ['kk-KZ', '/kz'],
  ['kk', '/kz'],
  ['uk', '/ua'],
  ['uk-UA,uk;q=0.9', '/ua'],
  ['en-GB, ru-RU', '/en'],
  ['be-BY', '/ru'],
  [undefined, '/ru'],
];

test.describe('the address /, which picks a language', () => {
  for (const [acceptLanguage, target] of table) {
    test(`Accept-Language ${acceptLanguage ?? '(none)'} redirects to ${target}`, async ({
      request,
    }) => {
      const response = await request.get('/', {
        maxRedirects: 0,
        headers: acceptLanguage ? { 'Accept-Language': acceptLanguage } : { 'Accept-Language': '' },
      });
      expect([302, 307]).toContain(response.status());
      expect(new URL(response.headers().location!, 'http://x').pathname).toBe(target);
    });
  }

  test('the cookie wins over Accept-Language, and is written with exactly its attributes', async ({
    request,
  }) => {
    const response = await request.get('/', {
      maxRedirects: 0,
      headers: { 'Accept-Language': 'en-US', Cookie: 'i18n_redirected=ua' },
    });
    expect(new URL(response.headers().location!, 'http://x').pathname).toBe('/ua');
    // The cookie already says ua: nothing to rewrite.
    expect(response.headers()['set-cookie']).toBeUndefined();
  });

  test('detection writes the cookie: i18n_redirected, Path=/, Max-Age 365 days, SameSite=Lax, not HttpOnly', async ({
    request,
  }) => {
    const response = await request.get('/', {
      maxRedirects: 0,
      headers: { 'Accept-Language': 'kk' },
    });
    expect(response.headers()['set-cookie']).toBe(
      'i18n_redirected=kz; Path=/; Max-Age=31536000; SameSite=Lax',
    );
  });

  test('an unknown cookie value is ignored and overwritten', async ({ request }) => {
    const response = await request.get('/', {
      maxRedirects: 0,
      headers: { 'Accept-Language': 'uk', Cookie: 'i18n_redirected=de' },
    });
    expect(new URL(response.headers().location!, 'http://x').pathname).toBe('/ua');
    expect(response.headers()['set-cookie']).toBe(
      'i18n_redirected=ua; Path=/; Max-Age=31536000; SameSite=Lax',
    );
  });

  test('the redirect is not cached as one answer for everybody', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0 });
    expect(response.headers()['cache-control']).toContain('no-store');
    expect(response.headers().vary).toMatch(/Accept-Language/);
  });

  test('in a browser, / lands on the detected language and stores it', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'uk-UA' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/ua$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie).toMatchObject({
      value: 'ua',
      path: '/',
      sameSite: 'Lax',
      httpOnly: false,
      secure: false,
    });
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThanOrEqual(365);
    await context.close();
  });
});

test.describe('unprefixed addresses', () => {
  test('a real page without a prefix redirects, keeping query and hash', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'kk-KZ' });
    const page = await context.newPage();
    await page.goto('/contacts?from=card#request');
    await expect(page).toHaveURL(/\/kz\/contacts\?from=card#request$/);
    await context.close();
  });

  test('every kind of page redirects by the cookie', async ({ request }) => {
    for (const path of [
      '/blog',
      '/calculator',
      '/contacts',
      '/privacy',
      '/terms',
      '/services/web',
    ]) {
      const response = await request.get(`${path}?a=1`, {
        maxRedirects: 0,
        headers: { Cookie: 'i18n_redirected=en', 'Accept-Language': 'ru' },
      });
      expect(response.status(), path).toBe(307);
      const location = new URL(response.headers().location!, 'http://x');
      expect(location.pathname + location.search).toBe(`/en${path}?a=1`);
    }
  });
});

test.describe('landing on a page of another language', () => {
  test('rewrites the cookie to that language', async ({ page, context }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'ru', url: 'http://localhost' }]);
    await page.goto('/kz/contacts');
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value)
      .toBe('kz');
  });
});
