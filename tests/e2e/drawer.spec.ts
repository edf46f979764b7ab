import type { Page, Route } from '@playwright/test';
import { hoverCloseMs } from '@/scripts/header/menus';
import { expect, test } from './support/fixtures';
import { messages } from './support/site';
import { journeyLanguages } from './support/suites';

const ru = messages.ru;
// By its label, not its role: while the modal drawer is open, the rest of the page
// (the hamburger included) is hidden from the accessibility tree, as it should be.
const hamburger = (page: Page) => page.locator(`button[aria-label="${ru.Header.openMenu}"]`);
const drawer = (page: Page) => page.getByRole('dialog', { name: ru.Drawer.title });

/** The header's visible controls whose label wraps, and whether the page scrolls sideways. */
function headerProblems(page: Page) {
  return page.getByRole('banner').evaluate((header) => {
    const lines = (control: Element) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // Text for screen readers only sits in a 1 px box: not a label anyone sees.
        if (!node.textContent?.trim() || node.parentElement!.getBoundingClientRect().width <= 1)
          continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
      }
      return tops.size;
    };
    const wrapped = [...header.querySelectorAll('a, button')]
      .filter((control) => control.checkVisibility() && lines(control) > 1)
      .map((control) => `wraps: ${control.textContent?.trim()}`);
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    return overflow > 0 ? [...wrapped, `scrolls sideways by ${overflow} px`] : wrapped;
  });
}

test.describe('header at 960 px and wider', () => {
  test.use({ viewport: { width: 960, height: 800 } });

  test('shows the full menu and no hamburger', async ({ page }) => {
    await page.goto('/ru');
    await expect(hamburger(page)).toBeHidden();
    const nav = page.getByRole('navigation', { name: ru.Header.mainNav });
    await expect(nav.getByRole('button', { name: ru.Nav.services })).toBeVisible();
    await expect(nav.getByRole('link', { name: ru.Nav.blog })).toBeVisible();
  });

  // Onest is shown only when it arrives in the first ~100 ms (`display: optional`):
  // on a slow first visit the whole page is in the metric-matched fallback
  // (Arial), whose Cyrillic is wider. The header fits in both.
  // Kazakh by default: its words are the longest.
  for (const { code, details } of journeyLanguages('kz')) {
    test(
      `in ${code}, the header fits on one line in Onest and in the fallback font`,
      details,
      async ({ page }) => {
        // Held, not refused: a failed font would be a console error.
        const held: Route[] = [];
        await page.route(/\.woff2$/, (route) => void held.push(route));
        await page.goto(`/${code}`, { waitUntil: 'domcontentloaded' });
        expect(await headerProblems(page), 'in the fallback font').toEqual([]);
        await Promise.all(held.map((route) => route.continue()));
        await page.unrouteAll();
        await page.evaluate(() => document.fonts.load('16px Onest'));
        await page.reload();
        expect(await page.evaluate(() => document.fonts.check('16px Onest'))).toBe(true);
        expect(await headerProblems(page), 'in Onest').toEqual([]);
      },
    );
  }

  test('the services submenu lists all 14 services and works by keyboard', async ({ page }) => {
    await page.goto('/ru');
    const trigger = page
      .getByRole('navigation', { name: ru.Header.mainNav })
      .getByRole('button', { name: ru.Nav.services });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const links = page.getByRole('navigation', { name: ru.Header.mainNav }).getByRole('link', {
      name: new RegExp(ru.Services.web.title),
    });
    await expect(links).toBeVisible();
    await expect(page.getByRole('banner').locator('a[href^="/ru/services/"]:visible')).toHaveCount(
      14,
    );
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('services menu with a mouse', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('opens while the pointer rests on it, and a click then keeps it open', async ({ page }) => {
    await page.clock.install();
    await page.goto('/ru/blog');
    const nav = page.getByRole('navigation', { name: ru.Header.mainNav });
    const trigger = nav.getByRole('button', { name: ru.Nav.services });
    const entry = nav.getByRole('link', { name: new RegExp(ru.Services.seo.title) });
    await trigger.hover();
    await expect(entry).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await trigger.click();
    await expect(entry).toBeVisible();
    // Now it is the click's: moving away leaves it open, a second click closes it.
    await page.mouse.move(1200, 700);
    // Past the time after which a menu the hover opened closes.
    await page.clock.runFor(hoverCloseMs * 2);
    await expect(entry).toBeVisible();
    await trigger.click();
    await expect(entry).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('closes when the pointer leaves what the hover opened', async ({ page }) => {
    await page.goto('/ru/blog');
    const nav = page.getByRole('navigation', { name: ru.Header.mainNav });
    const entry = nav.getByRole('link', { name: new RegExp(ru.Services.seo.title) });
    await nav.getByRole('button', { name: ru.Nav.services }).hover();
    await expect(entry).toBeVisible();
    // Through the menu itself it stays open; off it, it closes.
    await entry.hover();
    await expect(entry).toBeVisible();
    await page.mouse.move(1200, 780);
    await expect(entry).toBeHidden();
  });
});

test.describe('drawer below 960 px', () => {
  test.use({ viewport: { width: 959, height: 800 } });

  test('opens from the hamburger, titled Menu, and reports aria-expanded', async ({ page }) => {
    await page.goto('/ru');
    await expect(page.getByRole('navigation', { name: ru.Header.mainNav })).toBeHidden();
    await expect(hamburger(page)).toHaveAttribute('aria-expanded', 'false');
    await hamburger(page).click();
    await expect(drawer(page)).toBeVisible();
    await expect(hamburger(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer(page).getByRole('heading', { name: ru.Drawer.title })).toBeVisible();
    // Slides in from the left edge.
    await expect.poll(async () => (await drawer(page).boundingBox())?.x).toBe(0);
  });

  // A visitor whose first tap seems to do nothing (a busy phone draws the drawer
  // late) taps again at the same spot: that tap must not close what the first opened.
  test('a second tap on the hamburger while the drawer comes in leaves it open', async ({
    page,
  }) => {
    await page.goto('/ru');
    const box = (await hamburger(page).boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.click(x, y);
    await page.mouse.click(x, y);
    expect(await drawer(page).evaluate((dialog: HTMLDialogElement) => dialog.open)).toBe(true);
    await expect.poll(async () => (await drawer(page).boundingBox())?.x).toBe(0);
    await expect(drawer(page)).toBeVisible();
  });

  test('closes on Escape and returns focus to the hamburger', async ({ page }) => {
    await page.goto('/ru');
    await hamburger(page).click();
    await expect(drawer(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(hamburger(page)).toBeFocused();
  });

  test('closes on a click outside it', async ({ page }) => {
    await page.goto('/ru');
    await hamburger(page).click();
    await expect(drawer(page)).toBeVisible();
    await page.mouse.click(940, 400);
    await expect(drawer(page)).toBeHidden();
    await expect(hamburger(page)).toBeFocused();
  });

  test('closes when an item is chosen, and goes there', async ({ page }) => {
    await page.goto('/ru');
    await hamburger(page).click();
    await drawer(page).getByRole('link', { name: ru.Nav.blog }).click();
    await expect(page).toHaveURL(/\/ru\/blog$/);
    await expect(drawer(page)).toBeHidden();
    await expect(page.locator('h1')).toHaveText(ru.BlogPage.title);
  });

  test('a service chosen from the submenu closes the drawer', async ({ page }) => {
    await page.goto('/ru/contacts');
    await hamburger(page).click();
    // The submenu is a <details>: its <summary> is the button.
    await drawer(page).locator('summary', { hasText: ru.Nav.services }).click();
    await drawer(page).getByRole('link', { name: ru.Services.crm.title }).click();
    await expect(page).toHaveURL(/\/ru\/services\/crm$/);
    await expect(drawer(page)).toBeHidden();
  });

  test('the full-width contact button closes it and leads to the consultation form', async ({
    page,
  }) => {
    await page.goto('/ru/blog');
    await hamburger(page).click();
    const contact = drawer(page).getByRole('link', { name: ru.Header.contactButton });
    const [drawerBox, buttonBox] = [await drawer(page).boundingBox(), await contact.boundingBox()];
    expect(buttonBox!.width).toBeGreaterThan(drawerBox!.width - 40);
    await contact.click();
    await expect(page).toHaveURL(/\/ru#consultation$/);
    await expect(drawer(page)).toBeHidden();
    await expect(page.locator('#consultation')).toBeInViewport();
  });

  test('traps focus while open', async ({ page }) => {
    // A native modal dialog: Tab never reaches the page behind it. After its
    // last control focus may step out to the browser's own controls (the page
    // then has no focused element: body), and comes back to the drawer's first.
    await page.goto('/ru');
    await hamburger(page).click();
    await expect(drawer(page)).toBeVisible();
    const where = () =>
      page.evaluate(() =>
        document.activeElement?.closest('dialog[open]')
          ? 'drawer'
          : document.activeElement === document.body
            ? 'browser'
            : document.activeElement?.outerHTML.slice(0, 80),
      );
    const seen: (string | undefined)[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      seen.push(await where());
    }
    expect(seen.filter((place) => place !== 'drawer' && place !== 'browser')).toEqual([]);
    // It went round: out of the last control and back into the drawer.
    expect(seen.lastIndexOf('drawer')).toBeGreaterThan(seen.indexOf('browser'));
    await page.keyboard.press('Shift+Tab');
    expect(['drawer', 'browser']).toContain(await where());
  });

  test('closes when the window grows to the desktop layout', async ({ page }) => {
    await page.goto('/ru');
    await hamburger(page).click();
    await expect(drawer(page)).toBeVisible();
    await page.setViewportSize({ width: 1100, height: 800 });
    // Closed, and what it held is the header bar's menu now (one navigation for both layouts).
    await expect
      .poll(() => drawer(page).evaluate((dialog: HTMLDialogElement) => dialog.open))
      .toBe(false);
    await expect(page.getByRole('heading', { name: ru.Drawer.title })).toBeHidden();
    await expect(page.getByRole('button', { name: ru.Drawer.close })).toBeHidden();
    const nav = page.getByRole('navigation', { name: ru.Header.mainNav });
    await expect(nav.getByRole('button', { name: ru.Nav.services })).toBeVisible();
    await expect(nav.getByRole('link', { name: ru.Nav.blog })).toBeVisible();
    await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');
  });

  test('keeps the language dropdown in the header bar from 600 px', async ({ page }) => {
    await page.goto('/ru');
    await expect(page.getByRole('banner').getByRole('button', { name: /Рус/ })).toBeVisible();
    await hamburger(page).click();
    await expect(drawer(page).getByRole('button', { name: /Рус/ })).toBeHidden();
  });
});

test.describe('drawer on a small screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('holds the language dropdown, which is gone from the header bar', async ({ page }) => {
    await page.goto('/ru');
    await expect(page.getByRole('banner').getByRole('button', { name: /Рус/ })).toBeHidden();
    await hamburger(page).click();
    const switcher = drawer(page).getByRole('button', { name: /Рус/ });
    await expect(switcher).toBeVisible();
    await switcher.click();
    await page
      .getByRole('list', { name: ru.LanguageSwitcher.menuLabel })
      .getByRole('link', { name: /Eng/ })
      .click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
