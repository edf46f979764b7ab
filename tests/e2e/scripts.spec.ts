import { expect, test } from './support/fixtures';
import { samplesOf } from './support/site';

/**
 * What each page type loads to run in the browser. A page that is only read
 * (an article, a service, a case, the lists, About, the legal pages) is HTML
 * and a small module of the site's own: it must load no framework runtime, and
 * no island. Only the pages a visitor operates (the home page, the calculator,
 * the contacts with their form) hydrate islands, which bring React.
 *
 * The scripts are listed in the test's output, so a change in what a page
 * loads shows in the report even when it stays within the rules.
 */
const operated = new Set(['home', 'calculator', 'contacts']);

/** Minified React DOM carries these however it is bundled. */
const reactRuntime = /react\.transitional\.element|__reactContainer\$|Minified React error/;

for (const sample of samplesOf('ru')) {
  test(`${sample.type} (/ru${sample.path}) loads ${operated.has(sample.type) ? 'its islands' : 'no framework runtime'}`, async ({
    page,
  }, testInfo) => {
    const reading: Promise<{ url: string; bytes: number; react: boolean }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      reading.push(
        response
          .text()
          .catch(() => '')
          .then((body) => ({
            url: new URL(response.url()).pathname,
            bytes: body.length,
            react: reactRuntime.test(body),
          })),
      );
    });
    // Once the page is interactive, what it loads by itself has come: its
    // module, and the islands that hydrate at load or when the browser is idle
    // (one that waits to be seen or used loads later, as a visitor would).
    await page.goto(`/ru${sample.path}`);
    const scripts = await Promise.all(reading);
    await testInfo.attach('scripts', {
      body: scripts.map((script) => `${script.url} ${script.bytes} B`).join('\n'),
      contentType: 'text/plain',
    });
    expect(scripts.length, 'the page module at least').toBeGreaterThan(0);
    for (const script of scripts) expect(script.url).toMatch(/^\/_astro\//);
    const islands = await page.locator('astro-island').count();
    if (operated.has(sample.type)) {
      expect(islands).toBeGreaterThan(0);
      expect(scripts.some((script) => script.react)).toBe(true);
    } else {
      expect(islands).toBe(0);
      expect(scripts.filter((script) => script.react).map((script) => script.url)).toEqual([]);
    }
  });
}
