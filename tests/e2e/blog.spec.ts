import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect, test } from './support/fixtures';
import { articlesOf, langCodes, messages } from './support/site';
import { journeyLanguages } from './support/suites';

const perPage = 6;

test.describe('blog list', () => {
  test('lists articles newest first, six to a page, with a second page for the rest', async ({
    page,
  }) => {
    const articles = articlesOf('en');
    await page.goto('/en/blog');
    const titles = page.locator('main article h2');
    await expect(titles).toHaveText(articles.slice(0, perPage).map((a) => a.title));
    await page
      .getByRole('navigation', { name: messages.en.BlogPage.paginationLabel })
      .getByRole('link', { name: messages.en.BlogPage.nextPage })
      .click();
    await expect(page).toHaveURL(/\/en\/blog\/page\/2$/);
    await expect(titles).toHaveText(articles.slice(perPage).map((a) => a.title));
    await expect(
      page.getByRole('link', { name: messages.en.BlogPage.page.replace('{page}', '2') }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('each card shows its cover, category, localized date and reading time', async ({ page }) => {
    const [newest] = articlesOf('ru');
    await page.goto('/ru/blog');
    const card = page.locator('main article').first();
    await expect(card.locator('img')).toHaveAttribute('width', /\d+/);
    await expect(
      card.getByRole('link', { name: messages.ru.BlogPage.categories[newest!.category as 'news'] }),
    ).toBeVisible();
    const date = new Intl.DateTimeFormat('ru', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${newest!.date}T12:00:00Z`),
    );
    await expect(card.locator('time')).toHaveText(date);
    await expect(card).toContainText(/\d+ мин чтения/);
  });

  for (const { code, details } of journeyLanguages('ua')) {
    test(`category pages in ${code} list exactly their articles`, details, async ({ page }) => {
      const articles = articlesOf(code);
      for (const category of ['news', 'development', 'marketing', 'business'] as const) {
        await page.goto(`/${code}/blog/category/${category}`);
        await expect(page.locator('h1')).toHaveText(messages[code].BlogPage.categories[category]);
        await expect(page.locator('main article h2')).toHaveText(
          articles.filter((a) => a.category === category).map((a) => a.title),
        );
        await expect(
          page
            .getByRole('navigation', { name: messages[code].BlogPage.categoriesLabel })
            .getByRole('link', {
              name: messages[code].BlogPage.categories[category],
            }),
        ).toHaveAttribute('aria-current', 'page');
      }
    });
  }
});

test.describe('article', () => {
  test('switching language keeps the article', async ({ page }) => {
    const slug = 'seo-launch-checklist';
    await page.goto(`/ru/blog/${slug}`);
    await page.getByRole('button', { name: /Рус/ }).click();
    await page
      .getByRole('list', { name: messages.ru.LanguageSwitcher.menuLabel })
      .getByRole('link', { name: /Қаз/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/kz/blog/${slug}$`));
    await expect(page.locator('h1')).toHaveText(
      articlesOf('kz').find((a) => a.slug === slug)!.title,
    );
  });

  test('has a table of contents whose links reach their sections', async ({ page }) => {
    await page.goto('/en/blog/seo-launch-checklist');
    const toc = page.getByRole('navigation', { name: messages.en.ArticlePage.toc });
    const links = toc.getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(4);
    const second = links.nth(1);
    const target = (await second.getAttribute('href'))!;
    await second.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.locator(target)).toBeInViewport();
  });

  test('renders highlighted code, a table, images with sizes and safe external links', async ({
    page,
  }) => {
    await page.goto('/en/blog/native-vs-cross-platform');
    await expect(page.locator('pre.shiki').first()).toBeVisible();
    await expect(page.locator('main table').first()).toBeVisible();
    const image = page.locator('.prose-content img').first();
    await expect(image).toHaveAttribute('width', /\d+/);
    await expect(image).toHaveAttribute('loading', 'lazy');
    const external = page.locator('.prose-content a[href^="https://"]').first();
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(external).toHaveAttribute('target', '_blank');
  });

  test('offers the Telegram channel, related articles and older/newer neighbours', async ({
    page,
  }) => {
    const articles = articlesOf('en');
    const middle = articles[3]!;
    await page.goto(`/en/blog/${middle.slug}`);
    await expect(
      page.getByRole('link', { name: messages.en.ArticlePage.subscribeButton }),
    ).toHaveAttribute('href', /^https:\/\/t\.me\//);
    const related = page.getByRole('region', { name: messages.en.ArticlePage.relatedTitle });
    const sameCategory = articles.filter(
      (a) => a.category === middle.category && a.slug !== middle.slug,
    );
    await expect(related.locator('h3')).toHaveText(sameCategory.slice(0, 3).map((a) => a.title));
    const neighbours = page.getByRole('navigation', { name: messages.en.ArticlePage.moreArticles });
    await expect(
      neighbours.getByRole('link', { name: new RegExp(articles[4]!.title.replace(/[?()]/g, '.')) }),
    ).toBeVisible();
    await expect(
      neighbours.getByRole('link', { name: new RegExp(articles[2]!.title.replace(/[?()]/g, '.')) }),
    ).toBeVisible();
  });
});

test.describe('RSS feeds', () => {
  for (const code of langCodes) {
    test(`/${code}/blog/rss.xml is valid RSS 2.0 listing every ${code} article`, async ({
      request,
      page,
    }) => {
      const response = await request.get(`/${code}/blog/rss.xml`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('application/rss+xml');
      const xml = await response.text();
      expect(XMLValidator.validate(xml)).toBe(true);
      const channel = (
        new XMLParser({ ignoreAttributes: false }).parse(xml) as {
          rss: { channel: { item: unknown } };
        }
      ).rss.channel;
      const items = [channel.item].flat() as { title: string; link: string }[];
      const articles = articlesOf(code);
      expect(items.map((i) => i.title)).toEqual(articles.map((a) => a.title));
      expect(items.map((i) => new URL(i.link).pathname)).toEqual(
        articles.map((a) => `/${code}/blog/${a.slug}`),
      );
      // Linked from the blog pages, in the head and visibly.
      await page.goto(`/${code}/blog`);
      await expect(
        page.locator('link[rel="alternate"][type="application/rss+xml"]'),
      ).toHaveAttribute('href', new RegExp(`/${code}/blog/rss\\.xml$`));
      await expect(page.getByRole('link', { name: messages[code].BlogPage.rss })).toBeVisible();
    });
  }
});
