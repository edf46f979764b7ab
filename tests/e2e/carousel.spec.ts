import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { messages } from './support/site';

const m = messages.en.HomePage.services;
const announce = (index: number) =>
  m.announce
    .replace('{index}', String(index))
    .replace('{total}', '14')
    .replace(/\{title\}/, '');

async function carousel(page: Page) {
  await page.goto('/en');
  const region = page.getByRole('region', { name: m.carouselLabel, exact: true });
  await region.scrollIntoViewIfNeeded();
  // Interactive once the carousel script has started.
  await expect(region).toHaveAttribute('data-ready', 'true');
  return region;
}

test.describe('services carousel', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('holds all 14 services and never moves by itself', async ({ page }) => {
    // The page's timers on a clock of the test's: a minute passes at once.
    await page.clock.install();
    const region = await carousel(page);
    await expect(region.getByRole('group')).toHaveCount(14);
    const status = page.getByTestId('carousel-status');
    await expect(status).toContainText(announce(1));
    await page.clock.runFor(60_000);
    await expect(status).toContainText(announce(1));
  });

  test('moves with the previous and next buttons and announces the first service in view', async ({
    page,
  }) => {
    const region = await carousel(page);
    const next = region.getByRole('button', { name: m.next });
    const previous = region.getByRole('button', { name: m.previous });
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    await next.click();
    await expect(page.getByTestId('carousel-status')).toContainText(announce(2));
    await next.click();
    await expect(page.getByTestId('carousel-status')).toContainText(announce(3));
    await previous.click();
    await expect(page.getByTestId('carousel-status')).toContainText(announce(2));
    // The slide in view moved: the second service now sits at the left edge.
    const second = region.getByRole('group').nth(1);
    await expect.poll(async () => Math.round((await second.boundingBox())!.x)).toBeLessThan(200);
  });

  test('moves with the arrow keys', async ({ page }) => {
    const region = await carousel(page);
    await region.getByRole('button', { name: m.next }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('carousel-status')).toContainText(announce(3));
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('carousel-status')).toContainText(announce(2));
  });

  test('tabbing to a service out of view brings it into view', async ({ page }) => {
    const region = await carousel(page);
    const sixth = region.getByRole('group').nth(5).getByRole('link');
    await sixth.focus();
    await expect(sixth).toBeInViewport();
  });
});

test.describe('services carousel on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('moves with a swipe', async ({ page }) => {
    const region = await carousel(page);
    const box = (await region.getByRole('group').first().boundingBox())!;
    const y = box.y + box.height / 2;
    // A real touch swipe from right to left, through the DevTools protocol.
    const cdp = await page.context().newCDPSession(page);
    const point = (x: number) => [{ x, y }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(340) });
    for (let x = 320; x >= 60; x -= 20) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(page.getByTestId('carousel-status')).not.toContainText(announce(1));
  });
});

test.describe('services carousel with reduced motion', () => {
  test.use({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });

  test('jumps to the next service instead of sliding', async ({ page }) => {
    const region = await carousel(page);
    const second = region.getByRole('group').nth(1);
    const start = (await second.boundingBox())!.x;
    const first = (await region.getByRole('group').first().boundingBox())!.x;
    // Where the second slide is on every frame after the click until it arrives:
    // a slide would pass through places in between, a jump does not.
    const frames = await region
      .getByRole('button', { name: m.next })
      .evaluate(async (button, target) => {
        const slide = document.querySelectorAll('[aria-roledescription="slide"]')[1]!;
        const seen: number[] = [];
        (button as HTMLButtonElement).click();
        const until = performance.now() + 3_000;
        while (performance.now() < until) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          const x = slide.getBoundingClientRect().x;
          seen.push(x);
          if (Math.abs(x - target) < 2) break;
        }
        return seen;
      }, first);
    expect(start).toBeGreaterThan(first);
    expect(Math.abs(frames.at(-1)! - first)).toBeLessThan(2);
    const between = frames.filter((x) => Math.abs(x - first) >= 2 && Math.abs(x - start) >= 2);
    expect(between).toEqual([]);
  });
});
