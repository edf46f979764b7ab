import { preloadedFonts } from '@/lib/fonts/preloads';
import { expect, test } from './support/fixtures';
import { langCodes, messages, pagesOf, url } from './support/site';

/**
 * What a page's first paint waits for (README, "Budgets"): a prerendered page
 * preloads the Onest faces its language needs and nothing else, and its chunk
 * scripts load as Next.js loads them (async, from `<head>`), with nothing of
 * ours in between.
 */

type Timing = { name: string; startTime: number };
const mediaName = (url: string) => new URL(url, 'http://x').pathname.split('/').pop()!;

for (const code of langCodes) {
  const pages = pagesOf(code).filter((page) =>
    ['home', 'service', 'article', 'calculator'].includes(page.type),
  );
  // One page of each kind is enough: the post-build step treats them all alike.
  const sample = [...new Map(pages.map((page) => [page.type, page])).values()];

  for (const { path, type } of sample) {
    test(`${code} ${type}: fonts preloaded for its language, chunks loaded by Next itself`, async ({
      page,
    }) => {
      const response = await page.goto(url(code, path));
      const served = await response!.text();

      const preloads = await page
        .locator('head link[rel="preload"][as="font"]')
        .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
      const expected = preloadedFonts[code].map((file) =>
        file.replace(/\.woff2$/, '').replaceAll('-', '_'),
      );
      expect(preloads.map(mediaName).map((name) => name.split(/[.-]/)[0])).toEqual(expected);
      expect(served).toMatch(
        /<head>.*<script src="\/_next\/static\/chunks\/[^"]+" async="">.*<\/head>/s,
      );
      expect(served).not.toContain('data-deferred-chunks');

      const { loadEnd, resources } = await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType(
          'navigation',
        ) as PerformanceNavigationTiming[];
        return {
          loadEnd: navigation!.loadEventEnd,
          resources: performance
            .getEntriesByType('resource')
            .map(({ name, startTime }) => ({ name, startTime })),
        };
      });
      const referenced = [...served.matchAll(/<script src="([^"]+)" async="">/g)].map(
        ([, src]) => src!,
      );
      const chunks = resources.filter((entry: Timing) =>
        referenced.includes(new URL(entry.name).pathname),
      );
      expect(chunks).toHaveLength(referenced.length);
      expect(chunks.length).toBeGreaterThan(3);
      // Asked for while the document loads, not held back until after it.
      for (const chunk of chunks) expect(chunk.startTime, chunk.name).toBeLessThan(loadEnd);

      // The page's own text needs no face beyond the preloaded ones.
      const fonts = resources
        .filter((entry: Timing) => entry.name.endsWith('.woff2'))
        .map((entry: Timing) => mediaName(entry.name));
      expect(new Set(fonts)).toEqual(new Set(preloads.map(mediaName)));
      const loaded = await page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].filter((face) => face.status === 'loaded').length;
      });
      expect(loaded).toBe(preloads.length);
    });
  }
}

test('a calculator link with choices is answered per request, with its choices', async ({
  page,
}) => {
  const response = await page.goto('/kz/calculator?type=shop&size=40');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-nextjs-prerender']).toBeUndefined();
  await expect(
    page.getByTestId('calculator').getByLabel(messages.kz.Calculator.size.label.pages),
  ).toHaveValue('40');
  expect(new URL(page.url()).pathname).toBe('/kz/calculator');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/kz\/calculator$/);

  const plain = await page.request.get('/kz/calculator');
  // Next sends the header once per layer that knows it: "1" or "1, 1".
  expect(plain.headers()['x-nextjs-prerender']).toMatch(/^1(, 1)*$/);
  expect(await plain.text()).toContain('<link rel="preload" as="font"');
});
