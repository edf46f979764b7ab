import type { Page } from '@playwright/test';
import { ownVisitor } from './support/db';
import { expect, test } from './support/fixtures';
import { messages } from './support/site';

test.describe('keyboard', () => {
  test('the first Tab shows the skip link, which moves focus to the page content', async ({
    page,
  }) => {
    await page.goto('/en/contacts');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: messages.en.SkipLink.label });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await page.keyboard.press('Tab');
    // The next stop is inside the page, past the whole header.
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  });

  test('focus is visible on links and buttons', async ({ page }) => {
    await page.goto('/en');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement!).outlineStyle,
    );
    expect(outline).toBe('solid');
  });

  test('animations are switched off for visitors who ask for reduced motion', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      reducedMotion: 'reduce',
      viewport: { width: 400, height: 800 },
    });
    const page = await context.newPage();
    await page.goto('/en');
    // A page of its own, without the fixture's wait: the menu opens once the page is live.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: messages.en.Header.openMenu }).click();
    // The drawer slides by a transition, its backdrop fades by one.
    const durations = await page
      .getByRole('dialog')
      .evaluate((el) => [
        ...getComputedStyle(el).transitionDuration.split(','),
        ...getComputedStyle(el, '::backdrop').transitionDuration.split(','),
      ]);
    for (const duration of durations) expect(parseFloat(duration)).toBeLessThan(0.001);
    await context.close();
  });
});

/** Presses Tab until `target` has focus, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 60) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

test.describe('keyboard-only journeys', () => {
  test.use(ownVisitor);

  test('from the header menu to a service page', async ({ page }) => {
    const en = messages.en;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/en/contacts');
    const nav = page.getByRole('navigation', { name: en.Header.mainNav });
    const trigger = nav.getByRole('button', { name: en.Nav.services, exact: true });
    await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const target = nav.getByRole('link', { name: new RegExp(en.Services.seo.title) });
    await tabTo(page, target, 30);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en\/services\/seo$/);
    await expect(page.locator('h1')).toBeVisible();
  });

  test('the consultation form is filled in and sent with the keyboard alone', async ({ page }) => {
    const form = messages.en.ConsultationForm;
    await page.goto('/en/contacts');
    const consultation = page.getByTestId('consultation-form');
    // The first method is chosen; the arrows move to Email and back to Phone.
    await tabTo(page, consultation.getByRole('radio', { name: form.methods.phone }));
    await page.keyboard.press('ArrowRight');
    await expect(consultation.getByRole('radio', { name: form.methods.email })).toBeChecked();
    await page.keyboard.press('ArrowLeft');
    await expect(consultation.getByRole('radio', { name: form.methods.phone })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(consultation.getByLabel(form.contactLabel.phone)).toBeFocused();
    await page.keyboard.type('+44 20 7946 0123');
    await tabTo(page, consultation.getByRole('checkbox', { name: form.consent }), 5);
    await page.keyboard.press('Space');
    await expect(consultation.getByRole('checkbox', { name: form.consent })).toBeChecked();
    await tabTo(page, consultation.getByRole('button', { name: form.submit }), 5);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('consultation-success')).toBeVisible();
    await expect(page.getByTestId('consultation-success').getByRole('heading')).toHaveText(
      form.success.title,
    );
  });
});
