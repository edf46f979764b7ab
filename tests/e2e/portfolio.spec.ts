import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { caseContent, caseServices, caseSlugs, langCodes, messages, url } from './support/site';
import { journeyLanguages } from './support/suites';

const en = messages.en;
const coffee = caseContent('steppe-bean-shop', 'en');

/** Where each link of a filter starts, from the top of the screen: one value per row. */
const linkTops = (filter: Locator) =>
  filter
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().top));

test.describe('the menu and the footer', () => {
  test('the main menu names its entries in the specification’s order, with the portfolio', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/en');
    const nav = page.getByRole('navigation', { name: en.Header.mainNav });
    await expect(nav.locator(':scope > ul > li')).toHaveText([
      new RegExp(en.Nav.services),
      en.Nav.pricing,
      en.Nav.portfolio,
      en.Nav.blog,
      en.Nav.contacts,
    ]);
    await nav.getByRole('link', { name: en.Nav.portfolio }).click();
    await expect(page).toHaveURL(/\/en\/cases$/);
    await expect(page.locator('h1')).toHaveText(en.CasesPage.title);
  });

  test('the footer keeps its three service links, adds all services, the portfolio and About', async ({
    page,
  }) => {
    await page.goto('/ru');
    const footer = page.locator('footer');
    const services = footer.getByRole('navigation', { name: messages.ru.Footer.servicesTitle });
    await expect(services.getByRole('link')).toHaveText([
      messages.ru.Footer.mobileApps,
      messages.ru.Footer.websites,
      messages.ru.Footer.crm,
      messages.ru.Footer.allServices,
    ]);
    await services.getByRole('link', { name: messages.ru.Footer.allServices }).click();
    await expect(page).toHaveURL(/\/ru\/services$/);
    const navigation = footer.getByRole('navigation', { name: messages.ru.Footer.navigationTitle });
    await expect(
      navigation.getByRole('link', { name: messages.ru.Footer.portfolio }),
    ).toHaveAttribute('href', '/ru/cases');
    await expect(navigation.getByRole('link', { name: messages.ru.Footer.about })).toHaveAttribute(
      'href',
      '/ru/about',
    );
  });
});

test.describe('the portfolio', () => {
  test('lists every case, newest first, and filters by service without JavaScript', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/en/cases');
    await expect(page.locator('main article')).toHaveCount(caseSlugs.length);
    const filter = page.getByRole('navigation', { name: en.CasesPage.filterLabel });
    await expect(filter.getByRole('link', { name: en.CasesPage.all })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await filter.getByRole('link', { name: en.Services.crm.title, exact: true }).click();
    await expect(page).toHaveURL(/\/en\/cases\/service\/crm$/);
    await expect(page.locator('h1')).toHaveText(
      en.CasesPage.serviceTitle.replace('{service}', en.Services.crm.title),
    );
    const withCrm = caseSlugs.filter((slug) => caseContent(slug, 'en').services.includes('crm'));
    await expect(page.locator('main article h2')).toHaveText(
      withCrm.map((slug) => caseContent(slug, 'en').title),
      { ignoreCase: false, useInnerText: true },
    );
    await expect(
      filter.getByRole('link', { name: en.Services.crm.title, exact: true }),
    ).toHaveAttribute('aria-current', 'page');
    await context.close();
  });

  test('on a phone the filter is one row that scrolls sideways, the first case on the first screen and the current service in view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const kz = messages.kz;
    const last = caseServices().at(-1)!;
    await page.goto(url('kz', `/cases/service/${last}`));
    const filter = page.getByRole('navigation', { name: kz.CasesPage.filterLabel });
    const tops = await linkTops(filter);
    expect(tops).toHaveLength(caseServices().length + 1);
    expect(new Set(tops).size, 'rows of filter links').toBe(1);
    // The last service's link, far to the right in the row, is scrolled into view.
    const current = filter.getByRole('link', { name: kz.Services[last].title, exact: true });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(current).toBeInViewport({ ratio: 1 });
    const firstCase = await page.locator('main article').first().boundingBox();
    expect(firstCase!.y, 'where the first case starts').toBeLessThan(740);
    // The row scrolls, not the page; the keyboard reaches the first link again.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    const all = filter.getByRole('link', { name: kz.CasesPage.all });
    await all.focus();
    await expect(all).toBeInViewport({ ratio: 1 });
  });

  test('on a wide screen the filter wraps and a filtered page opens at its top', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 800 });
    const last = caseServices().at(-1)!;
    await page.goto(url('ru', `/cases/service/${last}`));
    const filter = page.getByRole('navigation', { name: messages.ru.CasesPage.filterLabel });
    const tops = await linkTops(filter);
    expect(new Set(tops).size, 'rows of filter links').toBeGreaterThan(1);
    expect(await page.evaluate(() => window.scrollY), 'the page scrolled on opening').toBe(0);
    await expect(page.locator('h1')).toBeInViewport({ ratio: 1 });
  });

  test.describe('its addresses', () => {
    test.use({ allowedConsoleErrors: [/status of 404/] });

    test('has a page for every service some case used, and 404 for anything else', async ({
      page,
    }) => {
      expect(caseServices()).toHaveLength(14);
      const response = await page.request.get('/en/cases/service/not-a-service');
      expect(response.status()).toBe(404);
      const missing = await page.goto('/en/cases/no-such-case');
      expect(missing?.status()).toBe(404);
      await expect(page.getByTestId('not-found-message')).toHaveText(
        'Page Not Found: /en/cases/no-such-case',
      );
    });
  });
});

test.describe('a case study', () => {
  test('shows the client, the facts, the work, results, pictures and the client’s words', async ({
    page,
  }) => {
    await page.goto('/en/cases/steppe-bean-shop');
    await expect(page.locator('h1')).toHaveText(coffee.title);
    const facts = page.getByRole('complementary');
    await expect(facts).toContainText(coffee.client.name);
    await expect(facts).toContainText('16 weeks');
    await expect(facts).toContainText('6 people');
    for (const result of coffee.results)
      await expect(page.locator('section[aria-labelledby="results"] dl')).toContainText(
        result.value,
      );
    // Pictures are committed files with their size; only the cover loads at once.
    const pictures = page.locator('main article img');
    const cover = pictures.first();
    await expect(cover).toHaveAttribute('width', '1200');
    await expect(cover).not.toHaveAttribute('loading', 'lazy');
    const gallery = page.locator('figure img');
    await expect(gallery).toHaveCount(2);
    for (const picture of await gallery.all()) {
      await expect(picture).toHaveAttribute('loading', 'lazy');
      await expect(picture).toHaveAttribute('height', /\d+/);
      await expect(picture).toHaveAttribute('src', /^\/images\/cases\/steppe-bean-shop\//);
    }
    await expect(page.locator('blockquote')).toContainText('31%');
    await expect(page.getByRole('heading', { name: en.CasePage.moreTitle })).toBeVisible();
    // The services it used link to their pages.
    await facts.getByRole('link', { name: en.Services.seo.title }).click();
    await expect(page).toHaveURL(/\/en\/services\/seo$/);
    // … and the service page shows the cases that used it.
    const cases = page.getByRole('region', { name: en.ServicePage.casesTitle });
    await expect(cases.getByRole('link', { name: coffee.title })).toBeVisible();
  });

  for (const code of langCodes) {
    test(`every case opens in ${code} with its own title`, async ({ request }) => {
      for (const slug of caseSlugs) {
        const response = await request.get(url(code, `/cases/${slug}`));
        expect(response.status(), slug).toBe(200);
        expect(await response.text()).toContain(
          caseContent(slug, code).title.replaceAll('&', '&amp;').replaceAll("'", '&#x27;'),
        );
      }
    });
  }
});

test.describe('the home page', () => {
  test('shows real work in the hero, selected cases, client logos and testimonials linked to cases', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/en');
    const hero = page.locator('section[aria-labelledby="hero-title"]');
    const visual = hero.locator('figure img');
    await expect(visual).toHaveAttribute('width', /\d+/);
    await expect(visual).toHaveAttribute('height', /\d+/);
    await expect(visual).toHaveAttribute('loading', 'lazy');

    const work = page.getByRole('region', { name: en.HomePage.work.title });
    const featured = caseSlugs.filter((slug) => caseContent(slug, 'en').featured);
    await expect(work.locator('article h3')).toHaveCount(featured.length);
    const logos = work.getByRole('list', { name: en.HomePage.clients.label }).getByRole('img');
    await expect(logos).toHaveCount(caseSlugs.length);
    await expect(logos.first()).toHaveAttribute('alt', /\S/);

    const testimonials = page.getByRole('region', { name: en.HomePage.testimonials.title });
    await expect(testimonials.locator('blockquote')).toHaveCount(3);
    const link = testimonials.getByRole('link').first();
    await link.click();
    await expect(page).toHaveURL(/\/en\/cases\/[a-z-]+$/);
    await expect(page.locator('blockquote')).toBeVisible();
  });
});

test.describe('the services page', () => {
  test('lists all 14 services in their groups, each with the price its own page shows', async ({
    page,
  }) => {
    await page.goto('/ru/services');
    const groups = messages.ru.ServicesIndexPage.groups;
    for (const group of ['development', 'marketing', 'technology'] as const)
      await expect(
        page.getByRole('heading', { level: 2, name: groups[group].title }),
      ).toBeVisible();
    const prices = page.getByTestId('service-index-price');
    await expect(prices).toHaveCount(14);
    const web = await page
      .getByTestId('service-web')
      .getByTestId('service-index-price')
      .textContent();
    await page.getByTestId('service-web').getByRole('link').click();
    await expect(page).toHaveURL(/\/ru\/services\/web$/);
    await expect(page.getByTestId('service-price')).toHaveText(web!);
  });
});

test.describe('the About page', () => {
  for (const { code, details } of journeyLanguages('kz')) {
    test(
      `in ${code}: the facts behind the claims, the process, the team and a person to call`,
      details,
      async ({ page }) => {
        await page.goto(url(code, '/about'));
        const m = messages[code].AboutPage;
        await expect(page.getByTestId('fact-years')).toContainText('6+');
        await expect(page.getByTestId('fact-projects')).toContainText('40+');
        await expect(page.getByTestId('fact-team')).toContainText('18');
        await expect(page.getByTestId('fact-countries')).toContainText('7');
        await expect(page.getByRole('heading', { name: m.processTitle })).toBeVisible();
        await expect(page.locator('[data-testid^="team-"]')).toHaveCount(8);
        await expect(page.locator('a[href^="tel:"]').first()).toBeVisible();
        await expect(page.getByRole('link', { name: m.contactButton })).toHaveAttribute(
          'href',
          `/${code}#consultation`,
        );
      },
    );
  }
});

test.describe('small screens and error pages', () => {
  test('a wide table in an article shows it scrolls at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/en/blog/analytics-events-setup');
    const box = page.locator('.table-scroll').first();
    const sizes = await box.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
      background: getComputedStyle(element).backgroundImage,
    }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    // The edge shadows that say "more this way".
    expect(sizes.background).toContain('radial-gradient');
  });

  test.describe('404', () => {
    test.use({ allowedConsoleErrors: [/status of 404/] });
    test('says "Page not found" once, with the address', async ({ page }) => {
      await page.goto('/en/nothing-here');
      await expect(page.locator('h1')).toHaveText('Page not found: /en/nothing-here');
      const text = await page.locator('main').innerText();
      expect(text.match(/Page not found/gi)).toHaveLength(1);
    });
  });
});
