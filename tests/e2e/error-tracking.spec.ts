import { existsSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { e2eSentryPort, startFakeSentry, type FakeSentry } from '../support/fake-sentry';
import { analyticsTestBuild } from './support/analytics-build';
import { ownVisitor } from './support/db';
import { messages } from './support/site';
import { inRelease } from './support/suites';

/*
 * The browser's error reports, against the build with analytics on
 * (`npm run build:analytics-test`, which also sets PUBLIC_SENTRY_DSN to the
 * stand-in Sentry this file starts): nothing before consent, reports of
 * uncaught errors and rejections after it, without the page's query or what
 * was typed in the form, and nothing once consent is withdrawn.
 *
 * The page throws on purpose here, so this uses Playwright's own `test`, not
 * the fixture that fails a test on any error in the page.
 */
const test = base;
const build = analyticsTestBuild();
const site = `http://localhost:${build.sitePort}`;
const en = messages.en;
const form = en.ConsultationForm;

/** What the visitor has in the address and types: none of it may reach a report. */
const typed = {
  name: 'Zhanibek Kairatuly',
  phone: '+7 701 555 0199',
  email: 'zh.k@mail-sample.kz',
};
const query = `?utm_source=e2e-secret-source&name=${encodeURIComponent(typed.name)}`;
const forbidden = [
  'Zhanibek',
  'Kairatuly',
  '555 0199',
  '5550199',
  'mail-sample',
  'e2e-secret-source',
];

test.skip(
  process.env.E2E_SUITE === 'release' &&
    !existsSync(`${build.distDir}/server.mjs`) &&
    !process.env.CI,
  'run `npm run build:analytics-test` first',
);

test.use(ownVisitor);
// One stand-in on a fixed port (the build's DSN names it): the tests share it, one at a time.
test.describe.configure({ mode: 'serial' });

const banner = (page: Page) => page.getByRole('dialog', { name: en.Consent.title });

/** The contacts page, its address with a query, the form filled in and not sent. */
async function openAndType(page: Page) {
  await page.goto(`${site}/en/contacts${query}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const consultation = page.getByTestId('consultation-form');
  await consultation.getByLabel(form.nameLabel).fill(typed.name);
  await consultation.getByRole('radio', { name: form.methods.phone }).check();
  await consultation.getByLabel(form.contactLabel.phone).fill(typed.phone);
  await consultation.getByText(form.details.summary).click();
  await consultation.getByLabel(form.details.messageLabel).fill(`or ${typed.email}`);
}

/** An uncaught error and an unhandled rejection, as a fault in the page's code would make them. */
async function fail(page: Page) {
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e uncaught error');
    });
    void Promise.reject(new Error('e2e unhandled rejection'));
  });
}

test.describe('error reports from the browser', inRelease, () => {
  let sentry: FakeSentry;
  /** Requests each page made to the stand-in, and the reporting code it loaded. */
  let toSentry: string[];
  let reportingCode: string[];

  test.beforeAll(async () => {
    sentry = await startFakeSentry({ port: e2eSentryPort() });
  });
  test.afterAll(async () => {
    await sentry?.close();
  });

  // The banner keeps away from automated browsers (navigator.webdriver): here it is a visitor's.
  test.beforeEach(async ({ context, page }) => {
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }),
    );
    sentry.reset();
    toSentry = [];
    reportingCode = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.port === String(sentry.port)) toSentry.push(request.url());
      if (/error-tracking-client/.test(url.pathname)) reportingCode.push(url.pathname);
    });
  });

  test('the security policy lets pages reach the service in this build only', async ({
    request,
  }) => {
    const origin = `http://127.0.0.1:${sentry.port}`;
    const policy = (await request.get(`${site}/en`)).headers()['content-security-policy'];
    const allows = new RegExp(`connect-src [^;]*${origin.replace(/\./g, '\\.')}`);
    expect(policy).toMatch(allows);
    // A page rendered per request (here a 404) has it in the policy the server adds.
    const perRequest = await request.get(`${site}/en/no-such-page`);
    expect(perRequest.status()).toBe(404);
    expect(perRequest.headers()['content-security-policy']).toMatch(allows);
    // The usual build (no analytics, so no reports from the browser) does not.
    const usual = (await request.get('/en')).headers()['content-security-policy'];
    expect(usual).not.toContain(origin);
  });

  test('before consent nothing is loaded or sent, even when the page fails', async ({ page }) => {
    await openAndType(page);
    await expect(banner(page)).toBeVisible();
    await fail(page);
    // Until what the page asks for once it is idle (the banner's code) has come and run.
    await page.waitForLoadState('networkidle');
    expect(reportingCode).toEqual([]);
    expect(toSentry).toEqual([]);
    expect(sentry.envelopes).toEqual([]);
  });

  test('after consent an error and a rejection arrive without the query or what was typed', async ({
    page,
  }) => {
    await openAndType(page);
    await banner(page).getByRole('button', { name: en.Consent.acceptAll }).click();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => reportingCode.length).toBeGreaterThan(0);
    // Once the reporting code runs, the page's failures arrive (again and again
    // the same: reported once, the SDK drops a repeat of the last one).
    await expect
      .poll(
        async () => {
          await fail(page);
          return sentry
            .events()
            .map((event) => event.exception?.values?.[0]?.value)
            .sort();
        },
        { timeout: 15_000 },
      )
      .toEqual(expect.arrayContaining(['e2e uncaught error', 'e2e unhandled rejection']));

    const event = sentry
      .events()
      .find((each) => each.exception?.values?.[0]?.value === 'e2e uncaught error')!;
    // Filed under the build the page belongs to.
    const latest = (await (await page.request.get(`${site}/_app/builds/latest.json`)).json()) as {
      id: string;
    };
    expect(event.release).toBe(latest.id);
    expect(event.request).toBeUndefined();
    expect(event.user).toBeUndefined();
    expect(event.breadcrumbs ?? []).toEqual([]);
    for (const frame of event.exception!.values![0]!.stacktrace?.frames ?? [])
      expect(frame.filename ?? '').not.toContain('?');
    const raw = sentry.raw();
    for (const secret of forbidden) expect(raw, secret).not.toContain(secret);
    // Only Sentry's own key and version in the address it posts to; the page's origin as referrer.
    for (const url of toSentry) expect(new URL(url).searchParams.has('name')).toBe(false);
    for (const envelope of sentry.envelopes) {
      expect(envelope.headers.referer ?? site).toBe(`${site}/`);
    }
  });

  test('after withdrawal nothing more is sent', async ({ page }) => {
    await openAndType(page);
    await banner(page).getByRole('button', { name: en.Consent.acceptAll }).click();
    await expect
      .poll(
        async () => {
          await fail(page);
          return sentry.events().length;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);

    await page.locator('footer').getByRole('button', { name: en.Consent.settings }).click();
    const settings = page.getByRole('dialog', { name: en.Consent.preferencesTitle });
    await settings.getByRole('checkbox', { name: en.Consent.analyticsTitle }).uncheck();
    // Withdrawing analytics reloads the page.
    await Promise.all([
      page.waitForEvent('load'),
      settings.getByRole('button', { name: en.Consent.save }).click(),
    ]);
    sentry.reset();
    toSentry = [];
    reportingCode = [];
    await page.waitForLoadState('networkidle');
    await fail(page);
    await page.goto(`${site}/en/blog`);
    await fail(page);
    await page.waitForLoadState('networkidle');
    expect(reportingCode).toEqual([]);
    expect(toSentry).toEqual([]);
    expect(sentry.envelopes).toEqual([]);
  });
});
