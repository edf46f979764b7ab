import { existsSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { analyticsTestBuild } from './support/analytics-build';
import { violations } from './support/axe';
import { ownVisitor, withSiteDatabase } from './support/db';
import { expect, test } from './support/fixtures';
import { langCodes, messages } from './support/site';
import { inRelease } from './support/suites';

/*
 * The consent banner and the goals, against the build with every provider on
 * (`npm run build:analytics-test`), each reporting to a local stand-in: the
 * release suite's (it needs a build of its own); and, for "none configured",
 * the usual build, in the default suite.
 */
const build = analyticsTestBuild();
const site = `http://localhost:${build.sitePort}`;
const standIn = `http://127.0.0.1:${build.standInPort}`;
const en = messages.en;
const analyticsCookie = /^(?:_ga|_ym_)/;

type Call = { method: string; path: string; query: string; body: Record<string, unknown> | null };

// Outside CI, the release suite's tests wait for that build rather than fail.
test.skip(
  process.env.E2E_SUITE === 'release' &&
    !existsSync(`${build.distDir}/server.mjs`) &&
    !process.env.CI,
  'run `npm run build:analytics-test` first',
);

async function calls(page: Page): Promise<Call[]> {
  return (await (await page.request.get(`${standIn}/calls`)).json()) as Call[];
}
async function reset(page: Page) {
  await page.request.get(`${standIn}/reset`);
}
async function analyticsCookies(context: BrowserContext) {
  return (await context.cookies()).filter((cookie) => analyticsCookie.test(cookie.name));
}
const banner = (page: Page, title = en.Consent.title) => page.getByRole('dialog', { name: title });

test.use(ownVisitor);

// The stand-ins record every request; tests that count them run one at a time.
test.describe.configure({ mode: 'serial' });

// The banner keeps away from crawlers and automated browsers (navigator.webdriver):
// here the browser is a visitor's.
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }),
  );
});

test.describe('before any choice', inRelease, () => {
  test('nothing reaches an analytics provider and no analytics cookie exists, across pages', async ({
    page,
    context,
  }) => {
    await reset(page);
    await page.goto(`${site}/en`);
    await expect(banner(page)).toBeVisible();
    for (const path of ['/en/calculator', '/en/blog', '/en/cases']) {
      await page.goto(`${site}${path}`);
      await expect(banner(page)).toBeVisible();
    }
    expect(await calls(page)).toEqual([]);
    expect(await analyticsCookies(context)).toEqual([]);
  });
});

test.describe('accepting', inRelease, () => {
  test('loads every provider, and a sent request reaches each as a goal without contact data', async ({
    page,
    context,
  }) => {
    await reset(page);
    await page.goto(`${site}/en/calculator`);
    await banner(page).getByRole('button', { name: en.Consent.acceptAll }).click();
    await expect(banner(page)).toBeHidden();
    await expect
      .poll(async () => (await calls(page)).map((call) => call.path).sort())
      .toEqual(expect.arrayContaining(['/gtag/js', '/metrika/tag.js', '/umami/script.js']));
    await expect
      .poll(async () => (await analyticsCookies(context)).length)
      .toBeGreaterThanOrEqual(2);

    // The calculator is used, then the estimate goes with a request.
    await page.getByTestId('type-shop').click();
    const contact = 'visitor.e2e@example.com';
    const form = page.getByRole('form', { name: en.ConsultationForm.formLabel });
    await form.getByRole('radio', { name: en.ConsultationForm.methods.email }).check();
    await form.getByLabel(en.ConsultationForm.contactLabel.email).fill(contact);
    await form.getByRole('checkbox', { name: en.ConsultationForm.consent }).check();
    await form.getByRole('button', { name: en.ConsultationForm.submit }).click();
    await expect(page.getByText(en.ConsultationForm.success.title)).toBeVisible({
      timeout: 15_000,
    });

    const goals = async () =>
      (await calls(page)).filter((call) => call.path.startsWith('/collect/') && call.body);
    const named = (name: string) => (call: Call) =>
      call.body?.goal === name || call.body?.name === name;
    await expect
      .poll(async () =>
        (await goals())
          .filter(named('request_sent'))
          .map((call) => call.path)
          .sort(),
      )
      .toEqual(['/collect/ga4', '/collect/metrika', '/collect/umami']);
    const sent = (await goals()).filter(named('request_sent'));
    for (const call of sent) {
      const params = (call.body!.params ?? call.body!.data) as Record<string, unknown>;
      expect(params).toMatchObject({ method: 'email', currency: 'USD' });
      expect(String(params.estimate)).toMatch(/^\d+-\d+$/);
    }
    expect((await goals()).filter(named('calculator_used')).length).toBe(3);
    // No goal carries what the visitor typed.
    expect(JSON.stringify(await calls(page))).not.toContain(contact);
    expect(JSON.stringify(await calls(page))).not.toContain('visitor.e2e');
  });

  test('a language chosen from the menu reaches each provider as a goal', async ({ page }) => {
    await reset(page);
    await page.goto(`${site}/en/blog`);
    await banner(page).getByRole('button', { name: en.Consent.acceptAll }).click();
    await expect
      .poll(async () => (await calls(page)).map((call) => call.path).sort())
      .toEqual(expect.arrayContaining(['/gtag/js', '/metrika/tag.js', '/umami/script.js']));
    await page.getByRole('banner').getByRole('button', { name: /Eng/ }).click();
    await page
      .getByRole('list', { name: en.LanguageSwitcher.menuLabel })
      .getByRole('link', { name: /Қаз/ })
      .click();
    await expect(page).toHaveURL(/\/kz\/blog$/);
    // Sent as the page is left for the other language's: none is lost on the way.
    const switched = async () =>
      (await calls(page)).filter(
        (call) =>
          call.path.startsWith('/collect/') &&
          (call.body?.goal === 'language_switched' || call.body?.name === 'language_switched'),
      );
    await expect
      .poll(async () => (await switched()).map((call) => call.path).sort())
      .toEqual(['/collect/ga4', '/collect/metrika', '/collect/umami']);
    for (const call of await switched()) {
      expect(call.body!.params ?? call.body!.data).toEqual({ from: 'en', to: 'kz' });
    }
  });

  test('the lead carries the providers’ client ids to the channels', async ({ page, request }) => {
    await page.goto(`${site}/en/contacts`);
    await banner(page).getByRole('button', { name: en.Consent.acceptAll }).click();
    const form = page.getByRole('form', { name: en.ConsultationForm.formLabel });
    await form.getByRole('radio', { name: en.ConsultationForm.methods.telegram }).check();
    await form.getByLabel(en.ConsultationForm.contactLabel.telegram).fill('@analytics_e2e_visitor');
    await form.getByRole('checkbox', { name: en.ConsultationForm.consent }).check();
    // The providers have reported their ids by the time a person fills in a form.
    await expect
      .poll(() => page.evaluate(() => window.__agencyAnalytics?.clientIds() ?? {}))
      .toEqual({
        metrika: expect.stringMatching(/^\d+$/),
        ga: expect.stringMatching(/^\d+\.\d+$/),
      });
    await form.getByRole('button', { name: en.ConsultationForm.submit }).click();
    await expect(page.getByText(en.ConsultationForm.success.title)).toBeVisible({
      timeout: 15_000,
    });
    const webhookCalls = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 5}/calls`;
    await expect
      .poll(async () => {
        const { webhook } = (await (await request.get(webhookCalls)).json()) as {
          webhook: { body: { contact: { value: string }; analytics: unknown } }[];
        };
        return webhook.find((call) => call.body.contact.value === '@analytics_e2e_visitor')?.body
          .analytics;
      })
      .toEqual({
        metrika: expect.stringMatching(/^\d+$/),
        ga: expect.stringMatching(/^\d+\.\d+$/),
      });
  });

  test('a call booked after the request reaches each provider as a goal', async ({ page }) => {
    const contact = `booking-e2e-analytics-${Date.now()}@example.com`;
    try {
      await reset(page);
      await page.goto(`${site}/en/contacts`);
      await banner(page).getByRole('button', { name: en.Consent.acceptAll }).click();
      const form = page.getByRole('form', { name: en.ConsultationForm.formLabel });
      await form.getByRole('radio', { name: en.ConsultationForm.methods.email }).check();
      await form.getByLabel(en.ConsultationForm.contactLabel.email).fill(contact);
      await form.getByRole('checkbox', { name: en.ConsultationForm.consent }).check();
      await form.getByRole('button', { name: en.ConsultationForm.submit }).click();
      // The last time of the days shown: the booking tests take the first ones.
      const slot = page.getByTestId('booking-form').locator('input[name="slot"]:visible').last();
      const start = (await slot.getAttribute('value'))!;
      await slot.check();
      await page.getByRole('button', { name: en.Booking.picker.submit }).click();
      await expect(page.getByTestId('booking-confirmed')).toBeVisible();

      const booked = async () =>
        (await calls(page)).filter(
          (call) => call.body?.goal === 'call_booked' || call.body?.name === 'call_booked',
        );
      await expect
        .poll(async () => (await booked()).map((call) => call.path).sort())
        .toEqual(['/collect/ga4', '/collect/metrika', '/collect/umami']);
      const daysAhead = Math.round((Date.parse(start) - Date.now()) / 86_400_000);
      for (const call of await booked()) {
        const params = (call.body!.params ?? call.body!.data) as { days_ahead: number };
        expect(Object.keys(params)).toEqual(['days_ahead']);
        expect(Math.abs(params.days_ahead - daysAhead)).toBeLessThanOrEqual(1);
      }
      expect(JSON.stringify(await calls(page))).not.toContain(contact);
    } finally {
      await withSiteDatabase((client) =>
        client.query('DELETE FROM leads WHERE contact_value = $1', [contact]),
      );
    }
  });
});

test.describe('rejecting and withdrawing', inRelease, () => {
  test('after "Reject all" nothing loads on any page, and the choice is kept', async ({
    page,
    context,
  }) => {
    await reset(page);
    await page.goto(`${site}/ru`);
    const ruBanner = banner(page, messages.ru.Consent.title);
    await ruBanner.getByRole('button', { name: messages.ru.Consent.rejectAll }).click();
    await expect(ruBanner).toBeHidden();
    for (const path of ['/ru/calculator', '/ru/blog', '/ru/about']) {
      await page.goto(`${site}${path}`);
      // Until what the page asks for once it is idle has come and run.
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('dialog', { name: messages.ru.Consent.title })).toBeHidden();
    }
    expect(await calls(page)).toEqual([]);
    expect(await analyticsCookies(context)).toEqual([]);
    const consent = (await context.cookies()).find((cookie) => cookie.name === 'consent');
    expect(decodeURIComponent(consent!.value)).toContain('"categories":["necessary"]');
  });

  test('withdrawing from the footer removes the analytics cookies and stops the providers', async ({
    page,
    context,
  }) => {
    await page.goto(`${site}/en`);
    await banner(page).getByRole('button', { name: en.Consent.acceptAll }).click();
    await expect
      .poll(async () => (await analyticsCookies(context)).length)
      .toBeGreaterThanOrEqual(2);

    await page.locator('footer').getByRole('button', { name: en.Consent.settings }).click();
    const settings = page.getByRole('dialog', { name: en.Consent.preferencesTitle });
    await expect(settings).toBeVisible();
    await settings.getByRole('checkbox', { name: en.Consent.analyticsTitle }).uncheck();
    await Promise.all([
      page.waitForEvent('load'),
      settings.getByRole('button', { name: en.Consent.save }).click(),
    ]);
    await reset(page);
    expect(await analyticsCookies(context)).toEqual([]);
    await page.goto(`${site}/en/blog`);
    // Until what the page asks for once it is idle has come and run.
    await page.waitForLoadState('networkidle');
    expect(await calls(page)).toEqual([]);
  });
});

test.describe('the banner', inRelease, () => {
  for (const code of langCodes) {
    test(`in ${code} is axe clean and works by keyboard`, async ({ page, context }) => {
      // Two checks of the whole home page, which on a slow machine with both
      // workers busy can run over the default timeout.
      test.setTimeout(60_000);
      const m = messages[code].Consent;
      await page.goto(`${site}/${code}`);
      const box = page.getByRole('dialog', { name: m.title });
      await expect(box).toBeVisible();
      expect(await violations(page)).toEqual([]);
      // Focus moves into the box once it has appeared, and Tab walks its links
      // and buttons; "Choose" opens the settings, with focus inside.
      await expect
        .poll(() => box.evaluate((dialog) => dialog.contains(document.activeElement)))
        .toBe(true);
      const choose = box.getByRole('button', { name: m.choose });
      for (let step = 0; step < 10; step += 1) {
        await page.keyboard.press('Tab');
        if (await choose.evaluate((button) => button === document.activeElement)) break;
      }
      await expect(choose).toBeFocused();
      await page.keyboard.press('Enter');
      const settings = page.getByRole('dialog', { name: m.preferencesTitle });
      await expect(settings).toBeVisible();
      await expect
        .poll(() => settings.evaluate((dialog) => dialog.contains(document.activeElement)))
        .toBe(true);
      expect(await violations(page)).toEqual([]);
      const analytics = settings.getByRole('checkbox', { name: m.analyticsTitle });
      await analytics.focus();
      await page.keyboard.press('Space');
      await expect(analytics).toBeChecked();
      await settings.getByRole('button', { name: m.save }).focus();
      await page.keyboard.press('Enter');
      await expect(settings).toBeHidden();
      const consent = (await context.cookies()).find((cookie) => cookie.name === 'consent');
      expect(decodeURIComponent(consent!.value)).toContain('"analytics"');
    });
  }

  test('the privacy policy lists the providers that are on', async ({ page }) => {
    await page.goto(`${site}/en/privacy`);
    const main = page.locator('main');
    for (const name of ['Yandex Metrica', 'Google Analytics 4', 'Umami'])
      await expect(main).toContainText(name);
    await page.goto(`${site}/ru/privacy`);
    await expect(page.locator('main')).toContainText('Яндекс Метрика');
  });

  test('the policy allows the providers’ origin, and only in this build', async ({ request }) => {
    const withProviders = (await request.get(`${site}/en`)).headers()['content-security-policy'];
    expect(withProviders).toContain(`script-src 'self' 'unsafe-inline' ${standIn}`);
    const without = (await request.get('/en')).headers()['content-security-policy'];
    expect(without).not.toContain(standIn);
  });
});

test.describe('with no provider configured (the usual build)', () => {
  test('there is no banner, no settings link, and no analytics code in the page', async ({
    page,
    request,
  }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto('/en/calculator');
    // Until what the page asks for once it is idle has come and run.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#cc-main')).toHaveCount(0);
    await expect(page.locator('[data-consent-settings]')).toHaveCount(0);
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      const code = await (await request.get(url)).text();
      expect(code, url).not.toContain('agency:goal');
      expect(code, url).not.toContain('cookieconsent');
    }
    await page.goto('/en/privacy');
    await expect(page.locator('main')).toContainText(messages.en.PrivacyPage.analyticsNone);
  });
});
