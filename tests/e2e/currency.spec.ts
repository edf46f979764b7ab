import type { Page } from '@playwright/test';
import { pricingConfig, type Selection } from '@/config/pricing';
import { estimate, inCurrency } from '@/lib/calculator/estimate';
import { selectionToQuery } from '@/lib/calculator/selection';
import { violations } from './support/axe';
import { budgetInCurrency } from '@/lib/consultation/budget';
import { contactSamples } from '../support/contact-samples';
import { findLead, ownVisitor } from './support/db';
import { fill } from './support/consultation';
import { expect, test } from './support/fixtures';
import { messages, moneyIn } from './support/site';

/*
 * Prices in the buyer's currency, whatever the language: `?currency=KZT` on a
 * Russian page shows tenge in every price on it, with and without JavaScript,
 * and the choice is remembered for the next pages.
 */

test.use(ownVisitor);

/** Every page of the Russian site that shows prices. */
const pricedPages = ['/ru', '/ru/services', '/ru/services/web', '/ru/calculator', '/ru/contacts'];

/**
 * How many times the page's main text writes each currency's sign: its
 * prices, outside the switch (whose links name every currency) and the rate
 * line (which names the dollar).
 */
async function signs(page: Page) {
  const text = await mainText(page);
  return { tenge: (text.match(/₸/g) ?? []).length, roubles: (text.match(/₽/g) ?? []).length };
}

/** The page's main text without the currency switch's links. */
function mainText(page: Page): Promise<string> {
  return page.locator('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    for (const options of copy.querySelectorAll('[data-currency-options]')) options.remove();
    return copy.innerText || copy.textContent || '';
  });
}

/** The budget choices of the form, as the visitor reads them. */
async function budgetOptions(page: Page) {
  return page.locator('select[name="budget"] option').allTextContents();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('?currency=KZT on a Russian page shows tenge in every price, and the next pages keep it', async ({
      page,
    }) => {
      await page.goto('/ru/services/web?currency=KZT');
      const price = page.getByTestId('service-price');
      await expect(price).toContainText('₸');
      expect((await signs(page)).roubles).toBe(0);
      // The switch says which currency is shown.
      await expect(page.locator('a[data-currency="KZT"]').first()).toHaveAttribute(
        'aria-current',
        'true',
      );

      // Remembered: the other priced pages, without anything in their address.
      for (const path of pricedPages) {
        await page.goto(path);
        const found = await signs(page);
        expect(found.roubles, `${path} shows roubles`).toBe(0);
        if (path !== '/ru/contacts')
          expect(found.tenge, `${path} shows no tenge`).toBeGreaterThan(0);
      }
      // The form's budgets too (the contact page's prices).
      const budgets = await budgetOptions(page);
      expect(budgets.join(' ')).toContain('₸');
      expect(budgets.join(' ')).not.toContain('₽');
    });

    test('a request sent from a page in tenge keeps its budget in tenge', async ({ page }) => {
      const m = messages.ru.ConsultationForm;
      await page.goto('/ru/contacts?currency=KZT');
      const form = await fill(page, 'ru', contactSamples.ru.phone.typed, 'phone');
      await form.getByText(m.details.summary).click();
      await form.getByLabel(m.details.budgetLabel).selectOption('5k-15k');
      await form.getByRole('button', { name: m.submit }).click();
      const reference = (await page.getByTestId('consultation-reference').textContent())!;
      const budget = budgetInCurrency('5k-15k', 'KZT');
      expect(await findLead(reference)).toMatchObject({
        budget: { band: '5k-15k', currency: 'KZT', low: budget.low, high: budget.high },
        language: 'ru',
      });
    });
  });
}

test('the calculator: the range, its lines and the PDF in tenge, and switching keeps the choices', async ({
  page,
}) => {
  // The services' "from" selection of an online shop, with payments on top.
  const selection: Selection = {
    ...pricingConfig.services.web,
    type: 'shop',
    size: 25,
    features: ['cms', 'payments'],
  };
  await page.goto(`/ru/calculator?${selectionToQuery(selection)}`);
  const { money: roubles } = moneyIn('ru');
  const inRoubles = inCurrency(estimate(selection), 'RUB');
  await expect(page.getByTestId('estimate-range')).toContainText(roubles.format(inRoubles.low));

  // A change, then the switch: the address had moved on, and the switch keeps it.
  const m = messages.ru.Calculator;
  await page
    .getByTestId('calculator')
    .getByRole('checkbox', { name: new RegExp(`^${m.features.analytics.name}$`) })
    .check();
  const changed: Selection = { ...selection, features: ['cms', 'payments', 'analytics'] };
  await expect(page).toHaveURL(
    new RegExp(`features=cms%2Cpayments%2Canalytics|features=cms,payments,analytics`),
  );
  // The request under it, begun: the name typed, the estimate not to be attached.
  const form = page.getByTestId('consultation-form');
  await form.getByLabel(messages.ru.ConsultationForm.nameLabel).fill('Алия');
  await form.getByTestId('attach-estimate').uncheck();
  await page.locator('a[data-currency="KZT"]:visible').click();
  await page.waitForURL(/currency=KZT/);
  await expect(form.getByLabel(messages.ru.ConsultationForm.nameLabel)).toHaveValue('Алия');
  await expect(form.getByTestId('attach-estimate')).not.toBeChecked();

  const { money: tenge } = moneyIn('ru', 'KZT');
  const inTenge = inCurrency(estimate(changed), 'KZT');
  const range = page.getByTestId('estimate-range');
  await expect(range).toContainText(tenge.format(inTenge.low));
  await expect(range).toContainText(tenge.format(inTenge.high));
  await expect(
    page.getByTestId('calculator').getByRole('checkbox', {
      name: new RegExp(`^${m.features.analytics.name}$`),
    }),
  ).toBeChecked();
  expect((await signs(page)).roubles).toBe(0);
  // The dated rate, under the converted prices.
  const rate = tenge.format(pricingConfig.currencies.KZT.rate);
  await expect(page.getByTestId('calculator')).toContainText(rate);

  // The PDF the page offers is in tenge too.
  const pdf = page.getByRole('link', { name: m.actions.download });
  await expect(pdf).toHaveAttribute('href', /currency=KZT/);

  // A change after the switch keeps the currency in the address, ready to share.
  await page
    .getByTestId('calculator')
    .getByRole('checkbox', { name: new RegExp(`^${m.features.analytics.name}$`) })
    .uncheck();
  await expect(page).toHaveURL(/currency=KZT/);
});

test('a currency that does not exist shows the page in its own currency', async ({ page }) => {
  const response = await page.goto('/ru/services/web?currency=XYZ');
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('service-price')).toContainText('₽');
  expect((await signs(page)).tenge).toBe(0);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'currency')).toBeUndefined();
});

test('a language and a currency of its own: English in tenge, and the switch back', async ({
  page,
}) => {
  await page.goto('/en/services?currency=KZT');
  expect((await signs(page)).tenge).toBeGreaterThan(0);
  for (const price of await page.getByTestId('service-index-price').allInnerTexts())
    expect(price).toContain('₸');
  await page.locator('a[data-currency="USD"]').first().click();
  await page.waitForURL(/currency=USD/);
  expect((await signs(page)).tenge).toBe(0);
  await expect(page.getByTestId('service-index-price').first()).toContainText('US$');
  // Back to the language's own currency: the page built ahead again.
  await page.goto('/en/services');
  await expect(page.getByTestId('service-index-price').first()).toContainText('US$');
});

test('the page in another currency has no axe violations and one h1', async ({ page }) => {
  await page.goto('/ru?currency=UAH');
  expect((await signs(page)).roubles).toBe(0);
  await expect(page.locator('h1')).toHaveCount(1);
  expect(await violations(page)).toEqual([]);
  // The switch is reachable and works from the keyboard.
  const kzt = page.locator('#pricing a[data-currency="KZT"]');
  await kzt.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/currency=KZT#pricing$/);
  expect((await signs(page)).tenge).toBeGreaterThan(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the calculator keeps its first choice on the first screen; the switch follows the estimate', async ({
    page,
  }) => {
    await page.goto('/ru/calculator');
    // Where a thumb taps it, above the calculator's sticky bar (as the benchmark measures).
    const first = await page.getByTestId('type-landing').boundingBox();
    expect(first!.y + first!.height / 2).toBeLessThan(740 - 100);
    const switches = page.locator('[data-currency-options]:visible');
    await expect(switches).toHaveCount(1);
    const panel = await page.getByTestId('estimate-range').first().boundingBox();
    const below = await switches.boundingBox();
    expect(below!.y).toBeGreaterThan(panel!.y);
    await switches.locator('a[data-currency="UAH"]').click();
    await page.waitForURL(/currency=UAH/);
    await expect(page.getByTestId('estimate-range').first()).toContainText('₴');
  });
});

test.describe('what the visitor typed into the form', () => {
  const m = messages.ru.ConsultationForm;

  test('comes back after a switch of currency, and goes with the request', async ({ page }) => {
    await page.goto('/ru');
    const form = await fill(page, 'ru', 'aliya@example.com', 'email');
    await form.getByLabel(m.nameLabel).fill('Алия');
    await form.getByText(m.details.summary).click();
    await form.getByLabel(m.details.messageLabel).fill('Нужен интернет-магазин.');
    await form.getByLabel(m.details.budgetLabel).selectOption('5k-15k');
    await form.getByLabel(m.details.timeLabel).selectOption('evening');

    await page.locator('#pricing a[data-currency="KZT"]').click();
    await page.waitForURL(/currency=KZT#pricing$/);
    expect((await signs(page)).roubles).toBe(0);
    await expect(form.getByRole('radio', { name: m.methods.email })).toBeChecked();
    // The field is shaped for an e-mail address by the island: it heard of the method.
    await expect(form.getByLabel(m.contactLabel.email)).toHaveAttribute('type', 'email');
    await expect(form.getByLabel(m.contactLabel.email)).toHaveValue('aliya@example.com');
    await expect(form.getByLabel(m.nameLabel)).toHaveValue('Алия');
    await expect(form.getByLabel(m.details.messageLabel)).toBeVisible();
    await expect(form.getByLabel(m.details.messageLabel)).toHaveValue('Нужен интернет-магазин.');
    const budget = form.getByLabel(m.details.budgetLabel);
    await expect(budget).toHaveValue('5k-15k');
    await expect(budget.locator('option:checked')).toContainText('₸');
    await expect(form.getByLabel(m.details.timeLabel)).toHaveValue('evening');
    await expect(form.getByRole('checkbox', { name: m.consent })).toBeChecked();

    await form.getByRole('button', { name: m.submit }).click();
    const reference = (await page.getByTestId('consultation-reference').textContent())!;
    expect(await findLead(reference)).toMatchObject({
      contact_method: 'email',
      contact_value: 'aliya@example.com',
      name: 'Алия',
      message: 'Нужен интернет-магазин.',
      contact_time: 'evening',
      budget: { band: '5k-15k', currency: 'KZT' },
    });
    // Kept for that one load: the next visit to the page starts empty.
    await page.goto('/ru');
    await expect(page.getByTestId('consultation-form').getByLabel(m.nameLabel)).toHaveValue('');
  });

  test('comes back after a switch of language, and only on that page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/ru/contacts');
    const form = await fill(page, 'ru', contactSamples.ru.phone.typed, 'phone');
    await form.getByLabel(m.nameLabel).fill('Алия');
    await page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(messages.ru.LanguageSwitcher.change) })
      .click();
    await page.locator('#languages-bar a[data-language="kz"]').click();
    await page.waitForURL('**/kz/contacts');
    const k = messages.kz.ConsultationForm;
    await expect(form.getByLabel(k.nameLabel)).toHaveValue('Алия');
    await expect(form.getByLabel(k.contactLabel.phone)).toHaveValue(contactSamples.ru.phone.typed);
    await expect(form.getByRole('checkbox', { name: k.consent })).toBeChecked();
    // Any other way to another page keeps nothing.
    await form.getByLabel(k.nameLabel).fill('Басқа');
    await page.goto('/kz');
    await expect(page.getByTestId('consultation-form').getByLabel(k.nameLabel)).toHaveValue('');
  });
});

test('a page rendered in another currency is answered again from memory, saying per visitor what it must', async ({
  request,
}) => {
  const asked = () => request.get('/ru/services/web', { headers: { cookie: 'currency=UAH' } });
  const [first, again] = [await asked(), await asked()];
  expect(await again.text()).toBe(await first.text());
  expect(await again.text()).toContain('₴');
  expect(again.headers().vary).toMatch(/Cookie/);
  expect(again.headers()['set-cookie']).toBeUndefined();
  // Named in the address: the cookie is set and the answer is private each time.
  for (let i = 0; i < 2; i += 1) {
    const named = await request.get('/ru/services/web?currency=UAH');
    expect(named.headers()['set-cookie']).toMatch(/^currency=UAH;/);
    expect(named.headers()['cache-control']).toMatch(/^private/);
    expect(await named.text()).toContain('₴');
  }
  const head = await request.head('/ru/services/web', { headers: { cookie: 'currency=UAH' } });
  expect(head.status()).toBe(200);
  expect(await head.text()).toBe('');
});
