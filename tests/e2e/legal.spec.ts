import { cacheControl } from '@/lib/http/cache-headers';
import { expect, test } from './support/fixtures';
import { messages } from './support/site';

// A 404 document is reported by Chromium itself; nothing else may be logged.
test.use({ allowedConsoleErrors: [/status of 404/] });

/**
 * The privacy policy and the consent are rendered per request by the running
 * server: they name the channels its settings switch on (the test server
 * delivers to Telegram and a webhook), for a shared cache a minute at most.
 */
test.describe('the legal pages rendered per request', () => {
  test('the privacy policy lists the channels this server delivers to, in the page’s language', async ({
    page,
  }) => {
    const response = await page.goto('/ua/privacy');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe(cacheControl.legalPage);
    const main = page.locator('main');
    await expect(main.locator('h1')).toHaveText('Політика конфіденційності');
    await expect(main).toContainText('Telegram Messenger Inc.');
    await expect(main).toContainText('Наша облікова система за адресою 127.0.0.1');
    await expect(main).not.toContainText(messages.ua.PrivacyPage.recipients.none);
    await expect(main).toContainText('2297-VI');
  });

  test('the consent names the same recipients and the controller in the language’s legal form', async ({
    page,
  }) => {
    await page.goto('/ru/consent');
    const main = page.locator('main');
    await expect(main).toContainText('ТОО «Ортус Диджитал»');
    await expect(main).toContainText('Telegram Messenger Inc.');
    await expect(main).toContainText('№ 152-ФЗ');
  });

  test('a page has one address, and an unknown language none', async ({ request }) => {
    for (const path of ['/ru/privacy.html', '/xx/privacy', '/xx/consent'])
      expect((await request.get(path)).status(), path).toBe(404);
  });
});
