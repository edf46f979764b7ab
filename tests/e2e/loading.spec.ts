import { preloadedFonts } from '@/lib/fonts/preloaded';
import { expect, test } from './support/fixtures';
import { langCodes, messages, pagesOf, url } from './support/site';
import { inRelease } from './support/suites';

/**
 * What a page's first paint waits for (docs/performance.md): the stylesheet
 * comes first; then the Onest faces its language needs, preloaded, and
 * nothing else; its scripts are modules (deferred by nature: they never hold
 * the first paint back), asked for from `<head>` while the document loads.
 */

type Timing = { name: string; startTime: number };
const fileName = (url: string) => new URL(url, 'http://x').pathname.split('/').pop()!;
/** `onest-core-latin.ClmIXbCn.woff2` is the build's copy of `onest-core-latin.woff2`. */
const sourceName = (url: string) => fileName(url).replace(/\.[^.]+\.woff2$/, '.woff2');

for (const code of langCodes) {
  const pages = pagesOf(code).filter((page) =>
    ['home', 'service', 'article', 'calculator'].includes(page.type),
  );
  // One page of each kind is enough: the layout treats them all alike.
  const sample = [...new Map(pages.map((page) => [page.type, page])).values()];

  for (const [index, { path, type }] of sample.entries()) {
    // By default each kind in one language, the languages taking turns.
    const details = langCodes[index % langCodes.length] === code ? {} : inRelease;
    test(
      `${code} ${type}: stylesheet first, fonts preloaded for its language, module scripts from the head`,
      details,
      async ({ page }) => {
        const response = await page.goto(url(code, path));
        const served = await response!.text();

        // The stylesheet is ahead of the font preloads in the document.
        const order = await page
          .locator('link[rel="stylesheet"], link[rel="preload"][as="font"]')
          .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).rel));
        expect(order[0]).toBe('stylesheet');
        expect(order.lastIndexOf('stylesheet')).toBeLessThan(order.indexOf('preload'));

        const preloads = await page
          .locator('link[rel="preload"][as="font"]')
          .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
        expect(preloads.map(sourceName)).toEqual([...preloadedFonts[code]]);

        const head = served.slice(0, served.indexOf('</head>'));
        const referenced = [...head.matchAll(/<script type="module" src="([^"]+)"/g)].map(
          ([, src]) => src!,
        );
        expect(referenced.length).toBeGreaterThan(0);
        for (const src of referenced) expect(src).toMatch(/^\/_astro\/[^/]+\.js$/);
        // No classic script that would hold the parser, in the head or after it.
        for (const [tag] of served.matchAll(/<script\b[^>]*\bsrc=[^>]*>/g)) {
          expect(tag).toContain('type="module"');
        }

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
        const scripts = resources.filter((entry: Timing) =>
          referenced.includes(new URL(entry.name).pathname),
        );
        expect(scripts).toHaveLength(referenced.length);
        // Asked for while the document loads, not held back until after it.
        for (const script of scripts) expect(script.startTime, script.name).toBeLessThan(loadEnd);

        // The page's own text needs no face beyond the preloaded ones.
        const fonts = resources
          .filter((entry: Timing) => entry.name.endsWith('.woff2'))
          .map((entry: Timing) => fileName(entry.name));
        expect(new Set(fonts)).toEqual(new Set(preloads.map(fileName)));
        // (The metric-matched fallback is a face too, of a local font: not counted.)
        const loaded = await page.evaluate(async () => {
          await document.fonts.ready;
          return [...document.fonts].filter(
            (face) => face.status === 'loaded' && face.family.replaceAll('"', '') === 'Onest',
          ).length;
        });
        expect(loaded).toBe(preloads.length);
      },
    );
  }
}

test('a calculator link with choices is answered per request, with its choices', async ({
  page,
}) => {
  const response = await page.goto('/kz/calculator?type=shop&size=40');
  expect(response?.status()).toBe(200);
  // Rendered now, not the file built ahead (which the server sends with its date).
  expect(response?.headers()['last-modified']).toBeUndefined();
  await expect(
    page.getByTestId('calculator').getByLabel(messages.kz.Calculator.size.label.pages),
  ).toHaveValue('40');
  expect(new URL(page.url()).pathname).toBe('/kz/calculator');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/kz\/calculator$/);

  const plain = await page.request.get('/kz/calculator');
  expect(plain.headers()['last-modified']).toBeDefined();
  expect(plain.headers().etag).toBeDefined();
  expect(await plain.text()).toContain('<link rel="preload" as="font"');
});
