import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { violations } from './support/axe';
import { expect, test } from './support/fixtures';
import { messages, type LangCode } from './support/site';
import { inRelease, journeyLanguages } from './support/suites';

/**
 * The header's controls are native HTML (a modal <dialog> opened by an invoker
 * command, popovers, <details>), so they work before the page's code has
 * arrived and without it; the code only adds to them. And nothing a visitor
 * chose before the code arrived is undone when it does.
 */

const hamburger = (page: Page, code: LangCode) =>
  page.locator(`button[aria-label="${messages[code].Header.openMenu}"]`);
const drawer = (page: Page, code: LangCode) =>
  page.getByRole('dialog', { name: messages[code].Drawer.title });
const languages = (page: Page, code: LangCode) =>
  page.getByRole('list', { name: messages[code].LanguageSwitcher.menuLabel });
const servicesButton = (page: Page, code: LangCode) =>
  page
    .getByRole('navigation', { name: messages[code].Header.mainNav })
    .getByRole('button', { name: messages[code].Nav.services, exact: true });

/**
 * A page whose scripts (the page's own module and its islands' code, all under
 * /_astro/) are held back until `release()`: the HTML built ahead is on screen
 * and none of the page's code has run. (The fixture's `page` waits for the page
 * to be interactive on every `goto`, so these pages are opened here.)
 */
async function withHeldChunks(browser: Browser, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const held: (() => void)[] = [];
  let holding = true;
  await page.route('**/_astro/**/*.js', (route) => {
    if (!holding) return route.continue();
    held.push(() => void route.continue());
  });
  return {
    page,
    errors,
    /**
     * Opens a page and waits until its HTML is parsed: not for DOMContentLoaded,
     * which waits for the page's module scripts, held here.
     */
    async open(url: string) {
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForFunction(() => document.readyState !== 'loading');
    },
    async release() {
      holding = false;
      held.splice(0).forEach((go) => go());
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    },
    close: () => context.close(),
  };
}

test.describe('before the page code has arrived', () => {
  test('a tap at first paint opens the drawer, which the code then takes over', async ({
    browser,
  }) => {
    const held = await withHeldChunks(browser, { viewport: { width: 375, height: 740 } });
    const { page } = held;
    await held.open('/ru');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    await hamburger(page, 'ru').click();
    await expect(drawer(page, 'ru')).toBeVisible();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

    await held.release();
    // Still open, and now said so on the hamburger.
    await expect(drawer(page, 'ru')).toBeVisible();
    await expect(hamburger(page, 'ru')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(drawer(page, 'ru')).toBeHidden();
    await expect(hamburger(page, 'ru')).toHaveAttribute('aria-expanded', 'false');
    await expect(hamburger(page, 'ru')).toBeFocused();
    expect(held.errors).toEqual([]);
    await held.close();
  });

  test('the services menu and the language menu open at first paint', async ({ browser }) => {
    const held = await withHeldChunks(browser, { viewport: { width: 1280, height: 800 } });
    const { page } = held;
    await held.open('/en/blog');
    const crm = page
      .getByRole('banner')
      .getByRole('link', { name: new RegExp(messages.en.Services.crm.title) });
    await servicesButton(page, 'en').click();
    await expect(crm).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: /Eng/ }).click();
    // One popover at a time: opening the language menu closed the services menu.
    await expect(crm).toBeHidden();
    await expect(languages(page, 'en')).toBeVisible();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    await held.release();
    await expect(languages(page, 'en')).toBeVisible();
    await languages(page, 'en').getByRole('link', { name: /Қаз/ }).click();
    await expect(page).toHaveURL(/\/kz\/blog$/);
    expect(held.errors).toEqual([]);
    await held.close();
  });

  for (const { code, details } of journeyLanguages('en')) {
    // axe needs script in the page, so "no JavaScript" is the page's own code
    // held back: the markup is what a browser without JavaScript shows.
    test(
      `${code}: the open drawer and menus have no axe violations without the page code`,
      details,
      async ({ browser }) => {
        const held = await withHeldChunks(browser, { viewport: { width: 375, height: 740 } });
        const { page } = held;
        await held.open(`/${code}`);
        await hamburger(page, code).click();
        await expect(drawer(page, code)).toBeVisible();
        await drawer(page, code).locator('summary').click();
        expect(await violations(page)).toEqual([]);
        await drawer(page, code)
          .getByRole('button', { name: new RegExp(messages[code].LanguageSwitcher.change) })
          .click();
        await expect(languages(page, code)).toBeVisible();
        expect(await violations(page)).toEqual([]);
        await page.setViewportSize({ width: 1280, height: 800 });
        await held.open(`/${code}/contacts`);
        await servicesButton(page, code).click();
        await expect(
          page.getByRole('banner').getByRole('link', {
            name: new RegExp(messages[code].Services.web.title),
          }),
        ).toBeVisible();
        expect(await violations(page)).toEqual([]);
        await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
        await held.close();
      },
    );
  }

  for (const [code, path] of [
    ['en', '/calculator'],
    ['kz', '/calculator'],
  ] as const) {
    test(
      `a ${code} calculator choice made before hydration survives it`,
      code === 'kz' ? {} : inRelease,
      async ({ browser }) => {
        const m = messages[code].Calculator;
        // What the live calculator shows for an online shop, for comparison.
        const reference = await browser.newContext();
        const live = await reference.newPage();
        await live.goto(`/${code}${path}`);
        await live.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        await live.getByTestId('type-shop').click();
        await live.getByLabel(m.size.label.pages).fill('120');
        await expect(live).toHaveURL(/type=shop&size=120/);
        const shopRange = await live.getByTestId('estimate-range').textContent();
        await reference.close();

        const held = await withHeldChunks(browser, {});
        const { page } = held;
        await held.open(`/${code}${path}`);
        const defaultRange = await page.getByTestId('estimate-range').textContent();
        await page.getByTestId('type-shop').click();
        await page.getByLabel(m.size.label.pages).fill('120');
        await held.release();

        const calculator = page.getByTestId('calculator');
        await expect(calculator.getByRole('radio', { name: m.types.shop.name })).toBeChecked();
        await expect(page.getByTestId('estimate-range')).toHaveText(shopRange!);
        expect(shopRange).not.toBe(defaultRange);
        await expect(calculator.getByLabel(m.size.label.pages)).toHaveValue('120');
        // A later change keeps both: nothing was reset to the server's default.
        await calculator.getByRole('radio', { name: m.design.premium.name }).check();
        await expect(calculator.getByRole('radio', { name: m.types.shop.name })).toBeChecked();
        await expect(page).toHaveURL(/type=shop&size=120&design=premium/);
        expect(held.errors).toEqual([]);
        await held.close();
      },
    );
  }

  test('a number typed into the compact calculator before hydration is kept', async ({
    browser,
  }) => {
    const m = messages.ru.Calculator;
    const held = await withHeldChunks(browser, {});
    const { page } = held;
    await held.open('/ru');
    const compact = page.getByTestId('compact-calculator');
    const before = await page.getByTestId('compact-range').textContent();
    await compact.getByLabel(m.size.label.pages).fill('30');
    await compact.getByRole('radio', { name: m.urgency.rush.name }).check();
    await held.release();
    await expect(compact.getByLabel(m.size.label.pages)).toHaveValue('30');
    await expect(compact.getByRole('radio', { name: m.urgency.rush.name })).toBeChecked();
    await expect(page.getByTestId('compact-range')).not.toHaveText(before!);
    await compact.getByRole('radio', { name: m.design.template.name }).check();
    await expect(compact.getByLabel(m.size.label.pages)).toHaveValue('30');
    await expect(compact.getByRole('radio', { name: m.urgency.rush.name })).toBeChecked();
    expect(held.errors).toEqual([]);
    await held.close();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { code, details } of journeyLanguages('ru')) {
    test(`${code}: the drawer opens, closes and navigates`, details, async ({ page }) => {
      const m = messages[code];
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(`/${code}/contacts`);
      await hamburger(page, code).click();
      await expect(drawer(page, code)).toBeVisible();
      // Escape closes it and focus returns to the hamburger.
      await page.keyboard.press('Escape');
      await expect(drawer(page, code)).toBeHidden();
      await expect(hamburger(page, code)).toBeFocused();
      // So does a click outside it, and its close button.
      await hamburger(page, code).click();
      await page.mouse.click(360, 400);
      await expect(drawer(page, code)).toBeHidden();
      await hamburger(page, code).click();
      await drawer(page, code).getByRole('button', { name: m.Drawer.close }).click();
      await expect(drawer(page, code)).toBeHidden();
      // The services submenu unfolds; a service is a link to its page.
      await hamburger(page, code).click();
      await drawer(page, code).locator('summary', { hasText: m.Nav.services }).click();
      await drawer(page, code)
        .getByRole('link', { name: m.Services['conversion-analytics'].title })
        .click();
      await expect(page).toHaveURL(new RegExp(`/${code}/services/conversion-analytics$`));
      await expect(drawer(page, code)).toBeHidden();
      // The language menu in the drawer leads to the same page in another language.
      await hamburger(page, code).click();
      await drawer(page, code)
        .getByRole('button', { name: new RegExp(m.LanguageSwitcher.change) })
        .click();
      await expect(languages(page, code)).toBeVisible();
      const other = code === 'en' ? 'ua' : 'en';
      await languages(page, code)
        .getByRole('link', { name: other === 'en' ? /Eng/ : /Ук/ })
        .click();
      await expect(page).toHaveURL(new RegExp(`/${other}/services/conversion-analytics$`));
      await expect(page.locator('html')).toHaveAttribute('lang', other === 'en' ? 'en' : 'uk');
    });
  }

  test('the services menu and the language menu open, close and navigate', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/kz/blog');
    const service = page
      .getByRole('banner')
      .getByRole('link', { name: new RegExp(messages.kz.Services.seo.title) });
    await servicesButton(page, 'kz').click();
    await expect(service).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(service).toBeHidden();
    await expect(servicesButton(page, 'kz')).toBeFocused();
    await servicesButton(page, 'kz').click();
    await page.mouse.click(1200, 700);
    await expect(service).toBeHidden();
    await servicesButton(page, 'kz').click();
    await service.click();
    await expect(page).toHaveURL(/\/kz\/services\/seo$/);

    const trigger = page.getByRole('banner').getByRole('button', { name: /Қаз/ });
    await trigger.click();
    await expect(languages(page, 'kz')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(languages(page, 'kz')).toBeHidden();
    await trigger.click();
    await languages(page, 'kz').getByRole('link', { name: /Рус/ }).click();
    await expect(page).toHaveURL(/\/ru\/services\/seo$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });
});
