import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { draftArticleSlugs, langCodes, messages } from './support/site';

/**
 * A production build without the editor's GitHub settings (docs/editing.md): the editor is not part of it, and drafts are not published.
 */

test.describe('the content editor in a production build without its settings', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('/keystatic answers 404 with the site’s own page', async ({ page }) => {
    for (const address of ['/keystatic', '/keystatic/collection/blog/create']) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(404);
      // In the visitor's language (the tests' browser asks for English).
      await expect(page.getByTestId('not-found-message')).toHaveText(
        messages.en.NotFoundPage.unknownRoute.replace('{path}', address),
      );
    }
  });

  test('its API answers 404 and writes nothing', async ({ request }) => {
    expect((await request.get('/api/keystatic/tree')).status()).toBe(404);
    const update = await request.post('/api/keystatic/update', {
      headers: { 'content-type': 'application/json' },
      data: { additions: [], deletions: [] },
    });
    expect(update.status()).toBe(404);
  });

  test('none of its code is in the build: its browser files, its server, a page', async ({
    request,
  }) => {
    const distDir = process.env.DIST_DIR || 'dist';
    const read = (dir: string, pattern: RegExp) =>
      readdirSync(path.join(distDir, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => pattern.test(file))
        .map((file) => path.join(distDir, dir, file));
    const browserFiles = read('client/_astro', /\.js$/);
    expect(browserFiles.length).toBeGreaterThan(0);
    const withEditor = browserFiles.filter((file) => /keystatic/i.test(readFileSync(file, 'utf8')));
    expect(withEditor).toEqual([]);
    // The server: no route of the editor, no module of it.
    const serverFiles = read('server', /\.m?js$/);
    expect(serverFiles.length).toBeGreaterThan(0);
    const serverWithEditor = serverFiles.filter((file) =>
      /@keystatic\/|keystatic-api|keystatic-astro-page|\/api\/keystatic/.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(serverWithEditor).toEqual([]);
    for (const address of ['/en', '/ru/blog', '/kz/calculator', '/ua/contacts']) {
      const html = await (await request.get(address)).text();
      expect(html, address).not.toMatch(
        /@keystatic|keystatic[-.](app|config|page)|\/api\/keystatic/i,
      );
      expect(html).not.toMatch(/<script[^>]+src="[^"]*keystatic/i);
    }
  });
});

test.describe('a draft article', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('is not published: no page, no place in the lists, the sitemap or the feeds', async ({
    request,
  }) => {
    // content/blog holds at least one draft (content/README.md, "Drafts").
    expect(draftArticleSlugs.length).toBeGreaterThan(0);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const slug of draftArticleSlugs) {
      expect(sitemap).not.toContain(slug);
      for (const code of langCodes) {
        expect((await request.get(`/${code}/blog/${slug}`)).status()).toBe(404);
        for (const list of [`/${code}/blog`, `/${code}/blog/rss.xml`, `/${code}`]) {
          expect(await (await request.get(list)).text(), list).not.toContain(slug);
        }
      }
    }
  });
});
