import type { Page } from '@playwright/test';
import { pricingConfig, type Selection } from '@/config/pricing';
import { estimate, fromPrice, inCurrency, toCurrency } from '@/lib/calculator/estimate';
import {
  changeType,
  minimalSelection,
  selectionFromQuery,
  selectionToQuery,
} from '@/lib/calculator/selection';
import { violations } from './support/axe';
import { findLead, ownVisitor } from './support/db';
import { expect, test } from './support/fixtures';
import { pdfText } from '../support/pdf';
import { langCodes, messages, moneyIn, type LangCode } from './support/site';
import { inRelease, journeyLanguages } from './support/suites';

test.use(ownVisitor);

/** The range as the page must write it: the engine's numbers in the language's currency. */
function expectedRange(code: LangCode, selection: Selection): string {
  const { currency, money } = moneyIn(code);
  const priced = inCurrency(estimate(selection), currency);
  return messages[code].Calculator.result.range
    .replace('{low}', money.format(priced.low))
    .replace('{high}', money.format(priced.high));
}

const query = (selection: Selection) => selectionToQuery(selection);
const flat = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A choice card's input, named by its title. */
const titled = (title: string) => new RegExp(`^${escape(title)}$`);
/** The address must end with exactly this query. */
const endsWithQuery = (selection: Selection) => new RegExp(`\\?${escape(query(selection))}$`);

/**
 * Has the page prefetch the plain calculator page (its defaults), as a visitor
 * pointing at a link to it does (links are prefetched on intent): the case in
 * which a link or form with choices must still open with them.
 */
async function prefetchPlainCalculator(page: Page, code: LangCode) {
  const prefetched = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === `/${code}/calculator` && url.search === '' && response.ok();
  });
  await page.locator(`a[href="/${code}/calculator"]`).first().hover();
  await prefetched;
}

const shop: Selection = {
  type: 'shop',
  size: 40,
  design: 'premium',
  features: ['cms', 'payments'],
  urgency: 'fast',
  support: 3,
};

for (const { code, details } of journeyLanguages('kz')) {
  const m = messages[code].Calculator;

  test.describe(`calculator in ${code}`, details, () => {
    test('every change moves the range, the chart and the address', async ({ page }) => {
      await page.goto(`/${code}/calculator`);
      const calculator = page.getByTestId('calculator');
      const range = page.getByTestId('estimate-range');
      let selection: Selection = { ...pricingConfig.defaultSelection };
      await expect(range).toHaveText(expectedRange(code, selection));
      await expect(page.getByTestId('estimate-chart').locator('li')).toHaveCount(2);

      await calculator.getByRole('checkbox', { name: titled(m.features.analytics.name) }).check();
      selection = { ...selection, features: ['cms', 'analytics'] };
      await expect(range).toHaveText(expectedRange(code, selection));
      await expect(page.locator('[data-line="feature:analytics"]')).toContainText(
        m.features.analytics.name,
      );
      await expect(page).toHaveURL(endsWithQuery(selection));

      await calculator.getByRole('radio', { name: titled(m.types.shop.name) }).check();
      // The cards of the shop's own features, which the page opened without,
      // say their price and what they are, as the server writes them.
      const { currency, money } = moneyIn(code);
      const payments = calculator.getByTestId('feature-payments');
      await expect(payments).toContainText(m.features.payments.description);
      const { price } = pricingConfig.features.payments;
      if (!('fixed' in price)) throw new Error('payments has a fixed price');
      await expect(payments).toContainText(`+${money.format(toCurrency(price.fixed, currency))}`);
      await expect(calculator.getByTestId('type-shop')).toContainText(
        money.format(fromPrice(minimalSelection('shop'), currency)),
      );
      await calculator.getByLabel(m.size.label.pages).fill('40');
      await calculator.getByRole('radio', { name: titled(m.design.premium.name) }).check();
      await calculator.getByRole('checkbox', { name: titled(m.features.payments.name) }).check();
      await calculator.getByRole('checkbox', { name: titled(m.features.analytics.name) }).uncheck();
      await calculator.getByRole('radio', { name: titled(m.urgency.fast.name) }).check();
      await calculator.getByLabel(m.support.label).fill('3');
      await expect(range).toHaveText(expectedRange(code, shop));
      await expect(page).toHaveURL(endsWithQuery(shop));
      // Build, two features, urgency and support: five bars, the build the widest.
      const bars = page.getByTestId('estimate-bar');
      await expect(bars).toHaveCount(5);
      const widths = await bars.evaluateAll((nodes) =>
        nodes.map((node) => node.getBoundingClientRect().width),
      );
      expect(Math.max(...widths)).toBe(widths[0]);
      await expect(page.getByTestId('estimate-weeks')).toContainText(String(estimate(shop).weeks));
    });

    test('a shared address reproduces the estimate, and the choices with it', async ({ page }) => {
      await page.goto(`/${code}/calculator?${query(shop)}`);
      const calculator = page.getByTestId('calculator');
      await expect(page.getByTestId('estimate-range')).toHaveText(expectedRange(code, shop));
      await expect(
        calculator.getByRole('radio', { name: titled(m.types.shop.name) }),
      ).toBeChecked();
      await expect(calculator.getByLabel(m.size.label.pages)).toHaveValue('40');
      await expect(
        calculator.getByRole('checkbox', { name: titled(m.features.payments.name) }),
      ).toBeChecked();
      await expect(calculator.getByLabel(m.support.label)).toHaveValue('3');
      expect(await violations(page)).toEqual([]);
    });

    test('"Send this estimate" attaches it to the request, and the lead stores it', async ({
      page,
    }) => {
      await page.goto(`/${code}/calculator?${query(shop)}`);
      await page.getByTestId('send-estimate').click();
      await expect(page).toHaveURL(/#consultation$/);
      const form = page.getByTestId('consultation-form');
      const attach = form.getByRole('checkbox', {
        name: messages[code].ConsultationForm.attachEstimate,
      });
      await expect(attach).toBeChecked();
      await expect(form.getByTestId('attached-summary')).toContainText(expectedRange(code, shop));
      await expect(form.getByTestId('attached-summary')).toContainText(m.types.shop.name);
      expect(await violations(page)).toEqual([]);

      const f = messages[code].ConsultationForm;
      await form.getByRole('radio', { name: f.methods.email }).check();
      await form.getByLabel(f.contactLabel.email).fill(`estimate.${code}@example.com`);
      await form.getByRole('checkbox', { name: f.consent }).check();
      await form.getByRole('button', { name: f.submit }).click();
      await expect(page.getByTestId('consultation-success')).toBeVisible();
      const reference = (await page.getByTestId('consultation-reference').textContent())!;
      const { currency } = moneyIn(code);
      const priced = inCurrency(estimate(shop), currency);
      expect((await findLead(reference))?.estimate).toMatchObject({
        selection: shop,
        link: `/${code}/calculator?${query(shop)}`,
        currency,
        low: priced.low,
        high: priced.high,
        weeks: priced.weeks,
      });
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { code, details } of journeyLanguages('en')) {
    test(
      `in ${code} the GET form gives the same numbers as the live calculator`,
      details,
      async ({ page }) => {
        const m = messages[code].Calculator;
        await page.goto(`/${code}/calculator`);
        const calculator = page.getByTestId('calculator');
        await calculator.getByRole('radio', { name: titled(m.types.shop.name) }).check();
        await calculator.getByRole('button', { name: m.actions.update }).click();
        // The server answers with the shop's own fields.
        await expect(page).toHaveURL(/type=shop/);
        await calculator.getByLabel(m.size.label.pages).fill('40');
        await calculator.getByRole('radio', { name: titled(m.design.premium.name) }).check();
        await calculator.getByRole('checkbox', { name: titled(m.features.payments.name) }).check();
        await calculator.getByRole('radio', { name: titled(m.urgency.fast.name) }).check();
        await calculator.getByLabel(m.support.label).fill('3');
        await calculator.getByRole('button', { name: m.actions.update }).click();

        expect(selectionFromQuery(new URL(page.url()).searchParams)).toEqual(shop);
        await expect(page.getByTestId('estimate-range')).toHaveText(expectedRange(code, shop));
        await expect(page.getByTestId('attached-summary')).toContainText(expectedRange(code, shop));
      },
    );
  }

  test('a number out of range is used at its nearest allowed value, and the page says so', async ({
    page,
  }) => {
    const m = messages.en.Calculator;
    await page.goto('/en/calculator?type=landing&size=500');
    await expect(page.getByTestId('field-size')).toHaveValue('500');
    await expect(page.getByText(m.size.clamped.replace('{value}', '10'))).toBeVisible();
    await expect(page.getByTestId('estimate-range')).toHaveText(
      expectedRange('en', selectionFromQuery(new URLSearchParams('type=landing&size=10'))),
    );
  });
});

test.describe('the estimate as a PDF', () => {
  for (const code of langCodes) {
    test(`in ${code} it opens with the choices and the range the page shows`, async ({
      page,
      request,
    }) => {
      const m = messages[code].Calculator;
      await page.goto(`/${code}/calculator?${query(shop)}`);
      const shown = (await page.getByTestId('estimate-range').textContent()) ?? '';
      expect(shown).toBe(expectedRange(code, shop));
      const link = page.getByRole('link', { name: m.actions.download });
      const href = (await link.getAttribute('href')) ?? '';
      expect(href).toBe(
        `/api/estimate.pdf?lang=${code}&${query(shop)}&currency=${moneyIn(code).currency}`,
      );
      const response = await request.get(href);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      const text = flat(await pdfText(await response.body()));
      expect(text).toContain(flat(shown));
      for (const name of [
        m.types.shop.name,
        m.design.premium.name,
        m.features.cms.name,
        m.features.payments.name,
      ])
        expect(text).toContain(flat(name));
    });
  }

  test('follows the choices on screen', async ({ page }) => {
    const m = messages.en.Calculator;
    await page.goto('/en/calculator');
    await page
      .getByTestId('calculator')
      .getByRole('radio', { name: titled(m.types.shop.name) })
      .check();
    await expect(page.getByRole('link', { name: m.actions.download })).toHaveAttribute(
      'href',
      /[?&]type=shop&/,
    );
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the page built for the address links to its PDF', async ({ page }) => {
      await page.goto(`/en/calculator?${query(shop)}`);
      await expect(
        page.getByRole('link', { name: messages.en.Calculator.actions.download }),
      ).toHaveAttribute('href', `/api/estimate.pdf?lang=en&${query(shop)}&currency=USD`);
    });
  });

  test('refuses an impossible selection with the reason, in the address’s language', async ({
    request,
  }) => {
    const response = await request.get(
      '/api/estimate.pdf?lang=ua&type=landing&size=99&design=custom&urgency=standard&support=0',
    );
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain(messages.ua.Proposal.fields.size);
  });
});

test.describe('the calculator page', () => {
  // axe needs script in the page, so "before the code" is the page's own
  // scripts held back: the markup a visitor sees until the calculator hydrates.
  test('has no axe violations before its code has arrived, built ahead or per request', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route('**/_astro/**/*.js', () => {});
    for (const address of ['/ru/calculator', `/kz/calculator?${query(shop)}`]) {
      // Not until DOMContentLoaded: that waits for the module scripts held here.
      await page.goto(address, { waitUntil: 'commit' });
      await expect(page.locator('footer')).toBeAttached();
      await expect(page.getByTestId('estimate-range')).toBeVisible();
      expect(await violations(page)).toEqual([]);
    }
    await context.close();
  });

  test('the request form attaches the estimate on screen, not the one the page opened with', async ({
    page,
  }) => {
    const m = messages.en.Calculator;
    await page.goto('/en/calculator');
    const summary = page.getByTestId('consultation-form').getByTestId('attached-summary');
    await expect(summary).toContainText(expectedRange('en', pricingConfig.defaultSelection));
    await page
      .getByTestId('calculator')
      .getByRole('radio', { name: titled(m.types.shop.name) })
      .check();
    const selection = changeType(pricingConfig.defaultSelection, 'shop');
    await expect(summary).toContainText(m.types.shop.name);
    await expect(summary).toContainText(expectedRange('en', selection));
    await expect(page.getByTestId('attach-estimate')).toHaveValue(query(selection));
  });

  test('falls back to the defaults for a malformed query, without an error page', async ({
    page,
  }) => {
    const response = await page.goto(
      '/en/calculator?type=rocket&size=lots&design=%3Cscript%3E&features=cms,nope&urgency=now&support=-2',
    );
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      messages.en.CalculatorPage.title,
    );
    await expect(page.getByTestId('estimate-range')).toHaveText(
      expectedRange('en', pricingConfig.defaultSelection),
    );
  });

  test('copies its address, which reopens the same estimate', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/ru/calculator?${query(shop)}`);
    await page.getByRole('button', { name: messages.ru.Calculator.actions.copy }).click();
    await expect(page.getByTestId('copy-status')).toHaveText(messages.ru.Calculator.actions.copied);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).search).toBe(`?${query(shop)}`);
  });

  test('prints the estimate and the choices, without the form, menus or footer', async ({
    page,
  }) => {
    const m = messages.en.Calculator;
    await page.goto(`/en/calculator?${query(shop)}`);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('estimate-range')).toBeVisible();
    await expect(page.getByText(m.result.choices)).toBeVisible();
    // Located by text, not role: a role query skips hidden elements and would prove nothing.
    for (const hidden of [
      page.locator('h2', { hasText: m.steps.type }),
      page.locator('#consultation'),
      page.locator('footer'),
      page.getByText(m.actions.print, { exact: true }),
    ]) {
      await expect(hidden).toHaveCount(1);
      await expect(hidden).toBeHidden();
    }
  });

  test('works from the keyboard: arrows change the type and the estimate follows', async ({
    page,
  }) => {
    const m = messages.en.Calculator;
    await page.goto('/en/calculator');
    const corporate = page.getByRole('radio', { name: titled(m.types.corporate.name) });
    await corporate.focus();
    await page.keyboard.press('ArrowRight');
    const shopRadio = page.getByRole('radio', { name: titled(m.types.shop.name) });
    await expect(shopRadio).toBeChecked();
    await expect(shopRadio).toBeFocused();
    await expect(page.getByTestId('estimate-range')).toHaveText(
      expectedRange('en', changeType(pricingConfig.defaultSelection, 'shop')),
    );
    await page.keyboard.press('Space');
    await expect(shopRadio).toBeChecked();
  });

  test('keeps the range in sight on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/ua/calculator?${query(shop)}`);
    const bar = page.getByTestId('estimate-bar-mobile');
    await expect(bar).toBeInViewport();
    await expect(bar).toContainText(expectedRange('ua', shop));
  });
});

test.describe('home page', () => {
  for (const { code, details } of journeyLanguages('ru')) {
    test(
      `in ${code} the compact calculator opens the full one with the same estimate`,
      details,
      async ({ page }) => {
        const m = messages[code].Calculator;
        await page.goto(`/${code}#calculator`);
        await prefetchPlainCalculator(page, code);
        const compact = page.getByTestId('compact-calculator');
        const selection: Selection = {
          type: 'webapp',
          size: 20,
          design: 'premium',
          features: [],
          urgency: 'rush',
          support: 0,
        };
        // It starts where the full calculator does, on its default choices.
        await expect(page.getByTestId('compact-range')).toHaveText(
          expectedRange(code, pricingConfig.defaultSelection),
        );
        await compact.getByRole('radio', { name: m.types.webapp.name }).check();
        await compact.getByLabel(m.size.label.screens).fill('20');
        await compact.getByRole('radio', { name: m.design.premium.name }).check();
        await compact.getByRole('radio', { name: m.urgency.rush.name }).check();
        await expect(page.getByTestId('compact-range')).toHaveText(expectedRange(code, selection));
        await compact.getByRole('button', { name: messages[code].HomePage.calculator.cta }).click();
        await expect(page).toHaveURL(endsWithQuery(selection));
        expect(new URL(page.url()).pathname).toBe(`/${code}/calculator`);
        await expect(page.getByTestId('estimate-range')).toHaveText(expectedRange(code, selection));
        await expect(page.getByTestId('type-webapp').getByRole('radio')).toBeChecked();
      },
    );

    // Every package's link in the release suite; by default the first (they are made alike).
    const opened =
      details === inRelease ? pricingConfig.packages : pricingConfig.packages.slice(0, 1);
    test(
      `in ${code} every package shows the engine's "from" price, and ${opened.length > 1 ? 'each' : 'the first'} opens in the calculator`,
      details,
      async ({ page }) => {
        const { currency, money } = moneyIn(code);
        await page.goto(`/${code}#pricing`);
        for (const { id, selection } of pricingConfig.packages) {
          await expect(
            page.getByTestId(`package-${id}`).getByTestId('package-price'),
          ).toContainText(money.format(fromPrice(selection, currency)));
        }
        // In Onest's own figures: its tabular "1" stands alone in a digit's width,
        // so "12 250 000 ₸" read as "1 2 250 000 ₸".
        await expect(page.getByTestId('package-product').getByTestId('package-price')).toHaveCSS(
          'font-variant-numeric',
          'normal',
        );
        // Each package's link opens the calculator with its own choices, also once
        // the calculator page has been prefetched (a prerendered page with the
        // defaults, which must not win over the link's choices).
        test.setTimeout(60_000);
        for (const [index, { id, selection }] of opened.entries()) {
          await page.goto(`/${code}#pricing`);
          // The first time, once the plain page has been prefetched.
          if (index === 0) await prefetchPlainCalculator(page, code);
          await page
            .getByTestId(`package-${id}`)
            .getByRole('link', { name: new RegExp(messages[code].HomePage.pricing.cta) })
            .click();
          await expect(page).toHaveURL(endsWithQuery(selection));
          expect(new URL(page.url()).pathname).toBe(`/${code}/calculator`);
          await expect(page.getByTestId('estimate-range')).toHaveText(
            expectedRange(code, selection),
          );
          await expect(page.getByTestId(`type-${selection.type}`).getByRole('radio')).toBeChecked();
          await expect(page.getByTestId('estimate-range')).toContainText(
            money.format(fromPrice(selection, currency)),
          );
        }
        await expect(page.getByTestId('estimate-range')).toHaveCSS(
          'font-variant-numeric',
          'normal',
        );
      },
    );
  }

  for (const [code, slug] of [
    ['ru', 'web'],
    ['en', 'seo'],
    ['kz', 'mobile'],
    ['ua', 'cloud-devops'],
  ] as const) {
    test(
      `in ${code} the ${slug} service page's price opens in the calculator at the same low end`,
      code === 'ru' ? {} : inRelease,
      async ({ page }) => {
        const { currency, money } = moneyIn(code);
        const selection = pricingConfig.services[slug];
        const price = money.format(fromPrice(selection, currency));
        await page.goto(`/${code}/services/${slug}`);
        await expect(page.getByTestId('service-price')).toContainText(price);
        await page.getByTestId('service-calculator-link').click();
        await expect(page).toHaveURL(endsWithQuery(selection));
        await expect(page.getByTestId('estimate-range')).toContainText(price);
      },
    );
  }

  for (const [packages, details] of [
    [pricingConfig.packages.slice(0, 1), {}],
    [pricingConfig.packages.slice(1), inRelease],
  ] as const) {
    test(
      `without JavaScript ${details === inRelease ? 'the other packages’' : 'a package’s and a service’s'} links open the calculator with their choices`,
      details,
      async ({ browser }) => {
        const context = await browser.newContext({ javaScriptEnabled: false });
        const page = await context.newPage();
        for (const { id, selection } of packages) {
          await page.goto('/ua#pricing');
          await page
            .getByTestId(`package-${id}`)
            .getByRole('link', { name: new RegExp(messages.ua.HomePage.pricing.cta) })
            .click();
          await expect(page).toHaveURL(endsWithQuery(selection));
          await expect(page.getByTestId('estimate-range')).toHaveText(
            expectedRange('ua', selection),
          );
          await expect(page.getByTestId(`type-${selection.type}`).getByRole('radio')).toBeChecked();
        }
        if (details !== inRelease) {
          await page.goto('/ua/services/crm');
          await page.getByTestId('service-calculator-link').click();
          await expect(page).toHaveURL(endsWithQuery(pricingConfig.services.crm));
          await expect(page.getByTestId('estimate-range')).toHaveText(
            expectedRange('ua', pricingConfig.services.crm),
          );
        }
        await context.close();
      },
    );
  }

  // One kind of project, three places with its price: the package card, the
  // compact calculator and the full one. They agree, or the card says why not.
  test('the prices of one kind of project agree, or the package says what differs', async ({
    page,
  }) => {
    const code = 'ru';
    const m = messages[code];
    const { currency, money } = moneyIn(code);
    const start = pricingConfig.defaultSelection;
    const business = pricingConfig.packages.find(({ id }) => id === 'business')!.selection;
    await page.goto(`/${code}`);

    const card = page.getByTestId('package-business');
    await expect(card.getByTestId('package-price')).toContainText(
      money.format(fromPrice(business, currency)),
    );
    const against = card.getByTestId('package-against-calculator');
    await expect(against).toContainText(
      m.HomePage.pricing.calculatorStart.replace(
        '{price}',
        money.format(fromPrice(start, currency)),
      ),
    );
    const counted: readonly string[] = start.features;
    for (const feature of business.features.filter((id) => !counted.includes(id)))
      await expect(against).toContainText(m.Calculator.features[feature].name);

    // The compact calculator counts the default's features and says which.
    await expect(page.getByTestId('compact-range')).toHaveText(expectedRange(code, start));
    for (const feature of start.features)
      await expect(page.getByTestId('compact-includes')).toContainText(
        m.Calculator.features[feature].name,
      );

    await page.goto(`/${code}/calculator`);
    await expect(page.getByTestId('estimate-range')).toHaveText(expectedRange(code, start));
  });

  test('without JavaScript the compact calculator is a form to the full one', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const m = messages.kz.Calculator;
    await page.goto('/kz');
    const compact = page.getByTestId('compact-calculator');
    await compact.getByRole('radio', { name: m.types.landing.name }).check();
    await compact.getByLabel(m.size.label.pages).fill('4');
    await compact.getByRole('button', { name: messages.kz.HomePage.calculator.cta }).click();
    const selection = selectionFromQuery(new URL(page.url()).searchParams);
    // The features the compact calculator counts go along, as far as they apply to the type.
    expect(selection).toMatchObject({
      type: 'landing',
      size: 4,
      features: changeType(pricingConfig.defaultSelection, 'landing').features,
    });
    await expect(page.getByTestId('estimate-range')).toHaveText(expectedRange('kz', selection));
    await context.close();
  });
});
