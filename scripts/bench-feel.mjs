/**
 * What a visitor on a phone feels, for `npm run bench`, in a real Chromium
 * with the phone's network and CPU (the throttling below): how soon each page
 * first paints, and how long after navigation the header's drawer, the
 * calculator and the bare pages' buttons work, side by side with the bare
 * pages started in the same run; and whether a tap made at the first paint
 * works at all.
 */
import { chromium } from '@playwright/test';
import { phoneContext } from '../bench/lib/bytes.mjs';

/**
 * A visitor's taps while a control does nothing yet: four a second, a quick
 * human's pace. Sent every 50 ms, the queued taps themselves cost the throttled
 * page time.
 */
export const tapEveryMs = 250;

/** A phone on a slow connection: 1.6 Mbps down, 750 Kbps up, 150 ms round trip, CPU 4x slower. */
export const phone = {
  width: phoneContext.viewport.width,
  height: phoneContext.viewport.height,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  latencyMs: 150,
  cpuSlowdown: 4,
};

async function throttledPage(browser) {
  const context = await browser.newContext(phoneContext);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: phone.latencyMs,
    downloadThroughput: phone.downloadBytesPerSecond,
    uploadThroughput: phone.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.cpuSlowdown });
  return { page, cdp, close: () => context.close() };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Milliseconds from navigation to the first contentful paint of `url` on the throttled phone. */
async function firstPaintOnce(browser, url) {
  const { page, close } = await throttledPage(browser);
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
      null,
      { timeout: 60_000, polling: 100 },
    );
    return Math.round(
      await page.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0].startTime,
      ),
    );
  } finally {
    await close();
  }
}

/**
 * Where a visitor taps `target` on the first screen of `url` (its middle, in
 * CSS pixels from the top left) and how many stylesheets the page loads, read
 * from a load without throttling: the throttled load draws the same layout
 * (the pages do not shift).
 */
async function firstScreenSpot(browser, url, target) {
  const context = await browser.newContext(phoneContext);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const box = await page.locator(target).first().boundingBox();
    if (!box) throw new Error(`${url}: ${target} is not drawn`);
    const spot = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    // Below that, the calculator's sticky bar covers it.
    if (spot.y > phone.height - 100)
      throw new Error(`${url}: ${target} is below a phone's first screen`);
    return { spot, stylesheets: await page.locator('link[rel="stylesheet"]').count() };
  } finally {
    await context.close();
  }
}

/**
 * Milliseconds from navigation until a tap on `target`, drawn at `spot` (see
 * `firstScreenSpot`), has its effect on screen (`works` in the page says so).
 * From the moment the page can be drawn as it looks (its stylesheets have
 * arrived), the target is tapped every `tapEveryMs`, as an impatient visitor
 * would; `firstTapWorked` says whether the first tap that landed on it already
 * worked.
 *
 * Nothing here waits for the page's scripts: the taps go out on the clock,
 * where the target is drawn, without waiting for the page to take the one
 * before (a busy page queues them, as it queues a visitor's), and the page
 * reports the frame that shows the effect. Driven through Playwright's
 * locators instead, every look and tap would wait until the page's scripts
 * yield, and a control that works without script would look late.
 */
async function timeToWorking(browser, url, { target, works, spot, stylesheets }) {
  const { page, cdp, close } = await throttledPage(browser);
  const sheets = new Set();
  let styled = 0;
  cdp.on('Network.requestWillBeSent', ({ requestId, type }) => {
    if (type === 'Stylesheet') sheets.add(requestId);
  });
  cdp.on('Network.loadingFinished', ({ requestId }) => {
    if (sheets.has(requestId)) styled += 1;
  });
  let shown;
  await page.exposeFunction('__effectShown', (ms, taps) => (shown ??= { ms, taps }));
  await page.addInitScript(`(${watchEffect})(${works}, ${JSON.stringify(target)})`);
  const press = (type) =>
    cdp
      .send('Input.dispatchMouseEvent', { type, ...spot, button: 'left', clickCount: 1 })
      .catch(() => {}); // the page has gone
  try {
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    while (!shown) {
      if (Date.now() - started > 60_000) throw new Error(`${url}: ${target} never worked`);
      if (styled >= stylesheets) {
        void press('mousePressed');
        void press('mouseReleased');
      }
      await new Promise((resolve) => setTimeout(resolve, tapEveryMs));
    }
    // The page's own first paint, in this same load: how long after it the control worked.
    const paint = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    );
    return {
      ms: Math.round(shown.ms),
      afterPaintMs: paint === undefined ? undefined : Math.round(shown.ms - paint),
      firstTapWorked: shown.taps === 1,
    };
  } finally {
    await close();
  }
}

/**
 * Runs in the page from its first byte: counts the taps that land on
 * `target`, checks `works` after every change to the document and reports
 * the frame that shows the effect (ms from navigation) with the taps on the
 * target by then.
 */
function watchEffect(works, target) {
  let taps = 0;
  addEventListener(
    'pointerdown',
    (event) => {
      if (event.isTrusted && event.target instanceof Element && event.target.closest(target))
        taps += 1;
    },
    { capture: true },
  );
  const observer = new MutationObserver(() => {
    if (!works()) return;
    observer.disconnect();
    const by = taps;
    requestAnimationFrame(() => window.__effectShown(performance.now(), by));
  });
  observer.observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
}

/** The bare pages' button: it shows `#panel`. */
const bareButton = { target: '#toggle', works: () => !!document.getElementById('panel') };

/** The header's drawer: a modal dialog opened by its button. */
const drawer = {
  target: 'header button[command="show-modal"]',
  works: () => !!document.querySelector('dialog[open]'),
};

/**
 * The calculator reacts when a choice moves the estimate: the landing page's
 * range (the first choice, on the first screen) differs from the default's,
 * the range the page arrived with. A tap before the code arrives picks it; the
 * estimate must follow once the code has run.
 */
const calculator = {
  target: '[data-testid="type-landing"]',
  works: () => {
    const range = document.querySelector('[data-testid="estimate-range"]')?.textContent;
    if (range === undefined) return false;
    window.__arrivedWith ??= range;
    return range !== window.__arrivedWith;
  },
};

/** Picks the online shop before the calculator's island hydrates and checks that it stays chosen after. */
async function choiceKept(browser, url) {
  const { page, close } = await throttledPage(browser);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const shop = page.getByTestId('type-shop');
    await shop.waitFor({ state: 'visible', timeout: 60_000 });
    // Astro takes `ssr` off an island once it has hydrated.
    const island = page.locator('astro-island', { has: shop }).first();
    const early = (await island.getAttribute('ssr')) !== null;
    const before = await page.getByTestId('estimate-range').textContent();
    await shop.click();
    await page.waitForFunction(
      (element) => element && !element.hasAttribute('ssr'),
      await island.elementHandle(),
      { timeout: 60_000 },
    );
    await page.waitForTimeout(500);
    const checked = await shop.locator('input').isChecked();
    const after = await page.getByTestId('estimate-range').textContent();
    // Made before hydration, still chosen, and the estimate follows it.
    return { madeBeforeHydration: early, kept: checked && after !== before };
  } finally {
    await close();
  }
}

/**
 * First paints (the median of `runs` throttled loads of each of `paints`, a
 * map of names to URLs) and times to working of the controls in `controls` (a
 * map of names to `{ url, control }`, control one of `controls` above by
 * name), each the median of `runs` fresh loads; and whether a calculator
 * choice made before hydration is kept, when `calculatorUrl` is given.
 */
export async function measureFeel({ chromePath, paints, controls, calculatorUrl, runs = 3, log }) {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-background-networking'],
  });
  const known = { bareButton, drawer, calculator };
  try {
    // Round after round over every page, so a spell of load on this machine falls on all of them alike.
    const paintRuns = Object.fromEntries(Object.keys(paints).map((name) => [name, []]));
    for (let run = 0; run < runs; run += 1)
      for (const [name, url] of Object.entries(paints)) {
        log?.(`  first paint of ${name} (${run + 1}/${runs}) …`);
        paintRuns[name].push(await firstPaintOnce(browser, url));
      }
    const firstPaint = Object.fromEntries(
      Object.entries(paintRuns).map(([name, values]) => [
        name,
        { ms: median(values), runs: values },
      ]),
    );
    const working = {};
    for (const [name, { url, control }] of Object.entries(controls)) {
      log?.(`  time to working: ${name} …`);
      const spec = known[control];
      const drawn = await firstScreenSpot(browser, url, spec.target);
      const results = [];
      for (let run = 0; run < runs; run += 1)
        results.push(await timeToWorking(browser, url, { ...spec, ...drawn }));
      working[name] = {
        url,
        ms: median(results.map((result) => result.ms)),
        runs: results.map((result) => result.ms),
        afterPaintMs: median(results.map((result) => result.afterPaintMs ?? Infinity)),
        firstTapWorked: results.every((result) => result.firstTapWorked),
      };
    }
    const choice = calculatorUrl ? await choiceKept(browser, calculatorUrl) : undefined;
    return { firstPaint, working, choiceKeptThroughHydration: choice };
  } finally {
    await browser.close();
  }
}
