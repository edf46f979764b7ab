import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { metaFetchDelayMs } from '@/lib/builds/watch';
import { messages } from './support/site';

/**
 * New builds and failed files in a real browser: the outdated-build check on a
 * fake clock, recovery from a script or stylesheet of the build that fails to
 * load, the reload guard, and the error view.
 */

const hour = 3_600_000;
const en = messages.en;

/** A marker that lives as long as the document: gone after a full page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as Window & { __sameDocument?: boolean }).__sameDocument = true;
  });
}

function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as Window & { __sameDocument?: boolean }).__sameDocument === true,
  );
}

function headerLink(page: Page, name: string) {
  return page.getByRole('banner').getByRole('navigation').getByRole('link', { name, exact: true });
}

/** Answers `latest.json` with the given ids in turn (the last one from then on). */
async function answerLatest(page: Page, answers: Array<{ id: string } | number>) {
  const seen: string[] = [];
  await page.route('**/_app/builds/latest.json*', async (route) => {
    seen.push(route.request().url());
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (typeof answer === 'number') await route.fulfill({ status: answer, body: 'unavailable' });
    else await route.fulfill({ json: { ...answer, timestamp: Date.now() } });
  });
  return seen;
}

/**
 * Counts, in the page, each time it asks for an address containing `part`, as
 * it asks (before the request reaches the network): "it asked no more" is then
 * read at once, with no wait for a request that might still come. Also notes
 * whether a request was made before the page was interactive, and counts the
 * answers whose body the page has read (what it does with one follows at once).
 */
async function countFetches(page: Page, part: string) {
  await page.addInitScript((part) => {
    const counted = window as Window & {
      __fetches?: number;
      __fetchedEarly?: boolean;
      __read?: number;
    };
    counted.__fetches = 0;
    counted.__read = 0;
    for (const method of ['text', 'json'] as const) {
      const prototype = Response.prototype as unknown as Record<
        string,
        (this: Response) => Promise<unknown>
      >;
      const read = prototype[method]!;
      prototype[method] = function (this: Response) {
        const body = read.call(this);
        if (!this.url.includes(part)) return body;
        return body.finally(() => (counted.__read! += 1));
      };
    }
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes(part)) {
        counted.__fetches! += 1;
        if (!document.documentElement.dataset.hydrated) counted.__fetchedEarly = true;
      }
      return fetch(input, init);
    };
  }, part);
  return {
    count: () => page.evaluate(() => (window as Window & { __fetches?: number }).__fetches ?? 0),
    early: () =>
      page.evaluate(
        () => (window as Window & { __fetchedEarly?: boolean }).__fetchedEarly === true,
      ),
    read: () => page.evaluate(() => (window as Window & { __read?: number }).__read ?? 0),
  };
}

/**
 * Lets the page finish what an event or a timer started: a task of its own
 * after the microtasks (a message, which the test clock does not hold back).
 */
function settle(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

/** Waits until the page has reloaded itself and the new document has loaded. */
async function reloaded(page: Page) {
  await expect
    .poll(() =>
      page
        .evaluate(() => {
          const [entry] = performance.getEntriesByType(
            'navigation',
          ) as PerformanceNavigationTiming[];
          return entry?.type === 'reload' && document.readyState === 'complete';
        })
        // Between the two documents there is none to ask.
        .catch(() => false),
    )
    .toBe(true);
}

async function currentBuildId(page: Page): Promise<string> {
  const response = await page.request.get('/_app/builds/latest.json');
  return ((await response.json()) as { id: string }).id;
}

test.describe('new builds', () => {
  test('latest.json is never cached and the meta file is immutable', async ({ request }) => {
    const latest = await request.get('/_app/builds/latest.json');
    expect(latest.headers()['cache-control']).toBe('no-cache, no-store, must-revalidate');
    const { id, timestamp } = (await latest.json()) as { id: string; timestamp: number };
    expect(id).toMatch(/^[\w.-]+$/);
    expect(timestamp).toBeGreaterThan(Date.UTC(2024, 0, 1));
    const meta = await request.get(`/_app/builds/meta/${id}.json`);
    expect(meta.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await meta.json()).toEqual({ id, timestamp });
    expect((await request.get('/_app/builds/meta/some-old-build.json')).status()).toBe(404);
  });

  // When exactly (a second after the page is interactive and idle) is the
  // unit test's (src/lib/builds/watch.test.ts), on a fake clock.
  test('the meta file is fetched once, after the page is interactive', async ({ page }) => {
    await page.clock.install();
    const meta = await countFetches(page, '/_app/builds/meta/');
    const metaRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/_app/builds/meta/')) metaRequests.push(request.url());
    });
    await page.goto('/en/contacts');
    await page.clock.runFor(metaFetchDelayMs * 2);
    await expect.poll(() => metaRequests.length).toBe(1);
    const [url] = metaRequests;
    expect(new URL(url!).pathname).toBe(`/_app/builds/meta/${await currentBuildId(page)}.json`);
    expect(await meta.early()).toBe(false);
    // Once only, however long the page stays open.
    await page.clock.runFor(3 * hour);
    await settle(page);
    expect(await meta.count()).toBe(1);
  });

  test('the meta file is skipped on a slow-2g connection', async ({ page }) => {
    await page.clock.install();
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', {
        value: { effectiveType: 'slow-2g' },
        configurable: true,
      });
    });
    const meta = await countFetches(page, '/_app/builds/meta/');
    await page.goto('/en/contacts');
    // Well past the time it would have been fetched at (the test above).
    await page.clock.runFor(metaFetchDelayMs * 10);
    await settle(page);
    expect(await meta.count()).toBe(0);
  });

  // Each page is a document of its own: a link to another page loads the
  // current build anyway. What an outdated page changes is a move within it
  // (a link to a section), which would carry the old build's code on.
  test('after the hour, a changed id makes a move within the page load it afresh', async ({
    page,
  }) => {
    await page.clock.install();
    const seen = await answerLatest(page, [{ id: 'a-newer-build' }]);
    await page.goto('/en');
    await markDocument(page);
    // The page's clock also runs on its own: what the load and the steps above
    // took (seconds on a loaded machine) counts toward the hour.
    await page.clock.runFor(hour - 10_000);
    expect(seen).toEqual([]);
    await page.clock.runFor(10_000);
    await expect.poll(() => seen.length).toBe(1);
    // The cache-buster is the time of the check.
    expect(new URL(seen[0]!).search).toMatch(/^\?\d{13}$/);
    await headerLink(page, en.Nav.pricing).click();
    await expect(page).toHaveURL(/\/en#pricing$/);
    await expect.poll(() => sameDocument(page)).toBe(false);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.locator('#pricing')).toBeInViewport();
    const guard = await page.evaluate(() => sessionStorage.getItem('ortus:reload-guard'));
    expect(JSON.parse(guard!)).toMatchObject({ path: '/en' });
  });

  test('after the hour, a changed id stops the polling', async ({ page }) => {
    await page.clock.install();
    const seen = await answerLatest(page, [{ id: 'a-newer-build' }]);
    const checks = await countFetches(page, '/_app/builds/latest.json');
    await page.goto('/en/contacts');
    await page.clock.runFor(hour);
    await expect.poll(() => seen.length).toBe(1);
    // No more checks however long the page stays open.
    await page.clock.runFor(3 * hour);
    await settle(page);
    expect(await checks.count()).toBe(1);
  });

  test('after the hour, an unchanged id leaves moves within the page in the page', async ({
    page,
  }) => {
    await page.clock.install();
    const id = await currentBuildId(page);
    const seen = await answerLatest(page, [{ id }]);
    await page.goto('/en');
    await markDocument(page);
    await page.clock.runFor(hour);
    await expect.poll(() => seen.length).toBe(1);
    await headerLink(page, en.Nav.pricing).click();
    await expect(page).toHaveURL(/\/en#pricing$/);
    await expect(page.locator('#pricing')).toBeInViewport();
    expect(await sameDocument(page)).toBe(true);
    // And it goes on checking every hour.
    await page.clock.runFor(hour);
    await expect.poll(() => seen.length).toBe(2);
  });

  test('a page back from the back-forward cache checks at once', async ({ page }) => {
    const id = await currentBuildId(page);
    const seen = await answerLatest(page, [{ id }, { id: 'a-newer-build' }]);
    const checks = await countFetches(page, '/_app/builds/latest.json');
    await page.goto('/en/contacts');
    await settle(page);
    expect(await checks.count()).toBe(0);
    // Playwright's Chromium runs without the back-forward cache: the event a
    // page gets when Back or Forward brings it out of the cache stands in.
    const restored = () =>
      page.evaluate(() =>
        window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })),
      );
    await restored();
    await expect.poll(() => seen.length).toBe(1);
    // A page loaded anew (not from the cache) asks only in an hour.
    await page.evaluate(() =>
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false })),
    );
    await settle(page);
    expect(await checks.count()).toBe(1);
    await restored();
    await expect.poll(() => seen.length).toBe(2);
    // That one found a newer build: once the page has read it, it is outdated
    // and asks no more.
    await expect.poll(() => checks.read()).toBe(2);
    await settle(page);
    await restored();
    await settle(page);
    expect(await checks.count()).toBe(2);
  });

  test.describe(() => {
    // Chromium reports each refused check.
    test.use({ allowedConsoleErrors: [/status of 503/] });

    test('a failed check is ignored and polling goes on', async ({ page }) => {
      await page.clock.install();
      // The first check fails (twice: GET is retried once), the next one finds a new build.
      const seen = await answerLatest(page, [503, 503, { id: 'a-newer-build' }]);
      await page.goto('/en');
      await markDocument(page);
      await page.clock.runFor(hour + 1_000);
      await expect.poll(() => seen.length).toBe(2);
      await headerLink(page, en.Nav.pricing).click();
      await expect(page.locator('#pricing')).toBeInViewport();
      expect(await sameDocument(page)).toBe(true);
      await page.clock.runFor(hour);
      await expect.poll(() => seen.length).toBe(3);
      await page.getByRole('banner').getByRole('link', { name: en.Header.contactButton }).click();
      await expect(page).toHaveURL(/\/en#consultation$/);
      await expect.poll(() => sameDocument(page)).toBe(false);
    });
  });
});

test.describe('files of the build that fail to load', () => {
  // Chromium reports each refused file, and Astro an island it could not load.
  test.use({
    allowedConsoleErrors: [/status of 404|Error hydrating|dynamically imported module/],
  });

  function documentRequests(page: Page, path: string): Request[] {
    const requests: Request[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && new URL(request.url()).pathname === path) {
        requests.push(request);
      }
    });
    return requests;
  }

  test('a stylesheet that fails reloads the page once, and the page stays readable', async ({
    page,
  }) => {
    // As after a deploy that removed the build the page names.
    await page.route('**/_astro/*.css', (route) => route.fulfill({ status: 404, body: 'gone' }));
    const loads = documentRequests(page, '/en/contacts');
    await page.goto('/en/contacts');
    await expect.poll(() => loads.length).toBe(2);
    // Still refused on the reload: the guard stops a second one within 10 seconds
    // (a third load would be on the network before it fell quiet).
    await reloaded(page);
    await page.waitForLoadState('networkidle');
    await settle(page);
    expect(loads).toHaveLength(2);
    await expect(page.locator('h1')).toHaveText(en.ContactsPage.title);
    const guard = await page.evaluate(() => sessionStorage.getItem('ortus:reload-guard'));
    expect(JSON.parse(guard!)).toMatchObject({ path: '/en/contacts' });
  });

  test('an island whose code fails to load reloads its page once', async ({ page }) => {
    await page.goto('/en/contacts');
    // From now on every file of the build this page has not loaded answers 404,
    // as after a deploy that removed the old build's files.
    const loaded = new Set(
      await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
      ),
    );
    const refused: string[] = [];
    await page.route('**/_astro/**', async (route) => {
      const { pathname } = new URL(route.request().url());
      if (loaded.has(pathname)) return route.fallback();
      refused.push(pathname);
      return route.fulfill({ status: 404, body: 'gone' });
    });
    const loads = documentRequests(page, '/en/calculator');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: en.Footer.calculator, exact: true })
      .click();
    await expect(page).toHaveURL(/\/en\/calculator$/);
    await expect.poll(() => loads.length).toBe(2);
    expect(refused.length).toBeGreaterThan(0);
    // Its code is still refused on the reload: the guard stops a second one
    // (a third load would be on the network before it fell quiet).
    await reloaded(page);
    await page.waitForLoadState('networkidle');
    await settle(page);
    expect(loads).toHaveLength(2);
    // What was rendered ahead is there to read meanwhile.
    await expect(page.locator('h1')).toHaveText(en.CalculatorPage.title);
    const guard = await page.evaluate(() => sessionStorage.getItem('ortus:reload-guard'));
    expect(JSON.parse(guard!)).toMatchObject({ path: '/en/calculator' });
  });
});

test.describe('client errors', () => {
  test.use({ allowedConsoleErrors: [/Plural rules are out of order/] });

  test('an error in a page shows the error page, logged once', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await page.goto('/en/calculator');
    // Something the calculator needs on every change breaks after the page loaded.
    await page.evaluate(() => {
      const rules = Intl.PluralRules.prototype as Intl.PluralRules;
      rules.select = (): Intl.LDMLPluralRule => {
        throw new Error('Plural rules are out of order');
      };
    });
    await page.getByRole('spinbutton').first().fill('7');
    const alert = page.getByRole('alert');
    await expect(alert.locator('h1')).toHaveText(en.ErrorPage.internalServerError);
    await expect(alert.getByText('500', { exact: true })).toBeVisible();
    await expect(alert.getByText(en.ErrorPage.status.replace('{status}', '500'))).toBeVisible();
    await expect(alert.getByText(en.ErrorPage.description)).toBeVisible();
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('button', { name: en.ErrorPage.retry })).toBeVisible();
    await settle(page);
    expect(logged.filter((text) => text.includes('Plural rules are out of order'))).toHaveLength(1);
  });
});
