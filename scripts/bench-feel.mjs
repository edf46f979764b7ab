/**
 * What a visitor on a phone feels, for `npm run bench`: how long after
 * navigation the header's drawer and the calculator work, measured in a real
 * Chromium with the phone's network and CPU (the throttling below), side by
 * side with a bare Next.js page built and started in the same run; and
 * whether a tap made at the first paint works at all.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

/**
 * A visitor's taps while a control does nothing yet: four a second, a quick
 * human's pace. Sent every 50 ms, the queued taps themselves cost the throttled
 * page time: its drawer opened at 2.9 s where it opens at 2.1 s at this pace.
 */
export const tapEveryMs = 250;

/** A phone on a slow connection: 1.6 Mbps down, 750 Kbps up, 150 ms round trip, CPU 4x slower. */
export const phone = {
  width: 375,
  height: 740,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  latencyMs: 150,
  cpuSlowdown: 4,
};

/**
 * A bare Next.js App Router page (the project's own next, react and react-dom)
 * with one client button that shows a panel: the least a Next page can do.
 * Built under bench/.bare-next (git-ignored) so it resolves the same modules.
 */
export function buildBareNext(root) {
  const dir = path.join(root, 'bench/.bare-next');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'app'), { recursive: true });
  writeFileSync(
    path.join(dir, 'next.config.mjs'),
    `export default { turbopack: { root: ${JSON.stringify(root)} } };\n`,
  );
  writeFileSync(
    path.join(dir, 'app/layout.jsx'),
    `export const metadata = { title: 'Bare' };
export default function Layout({ children }) {
  return (<html lang="en"><body>{children}</body></html>);
}
`,
  );
  writeFileSync(
    path.join(dir, 'app/button.jsx'),
    `'use client';
import { useState } from 'react';
export function Toggle() {
  const [open, setOpen] = useState(false);
  return (<>
    <button type="button" id="toggle" aria-expanded={open} onClick={() => setOpen(!open)}>Menu</button>
    {open ? <nav id="panel">Panel</nav> : null}
  </>);
}
`,
  );
  writeFileSync(
    path.join(dir, 'app/page.jsx'),
    `import { Toggle } from './button';
export default function Page() {
  return (<main><h1>A bare Next.js page</h1><Toggle /><p>Nothing else.</p></main>);
}
`,
  );
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/next/dist/bin/next'), 'build', '--turbopack', dir],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env } },
  );
  if (result.status !== 0) throw new Error('the bare Next.js page did not build');
  return dir;
}

/** `next start` of the bare page on a port; resolves once it answers. */
export async function startBareNext(root, dir, port) {
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/next/dist/bin/next'), 'start', dir, '-p', String(port)],
    { cwd: root, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } },
  );
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the bare Next.js page did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

const phoneContext = {
  viewport: { width: phone.width, height: phone.height },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
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
 * locators instead, every look and tap waited until the page's scripts
 * yielded: on the throttled CPU the drawer, which opens without script, was
 * first tapped 1.7 s after its button was drawn.
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
    return { ms: Math.round(shown.ms), firstTapWorked: shown.taps === 1 };
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

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Time to a working drawer and a reacting calculator on the site, and to a
 * working button on the bare page, each the median of `runs` fresh loads.
 */
export async function measureFeel({ chromePath, site, bare, runs = 3 }) {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-background-networking'],
  });
  // Where the control is drawn is read once; then `runs` fresh loads.
  const series = async (url, control) => {
    const drawn = await firstScreenSpot(browser, url, control.target);
    const results = [];
    for (let run = 0; run < runs; run += 1)
      results.push(await timeToWorking(browser, url, { ...control, ...drawn }));
    return {
      ms: median(results.map((result) => result.ms)),
      runs: results.map((result) => result.ms),
      firstTapWorked: results.every((result) => result.firstTapWorked),
    };
  };
  try {
    const bareButton = await series(bare, {
      target: '#toggle',
      works: () => !!document.getElementById('panel'),
    });
    const drawer = await series(`${site}/ru`, {
      target: 'header button[command="show-modal"]',
      works: () => !!document.querySelector('dialog[open]'),
    });
    // The calculator reacts when a choice moves the estimate: the landing
    // page's range (the first choice, on the first screen) differs from the
    // default's, the range the page arrived with. A tap before the code arrives
    // picks it; the estimate must follow once the code has run.
    const calculator = await series(`${site}/ru/calculator`, {
      target: '[data-testid="type-landing"]',
      works: () => {
        const range = document.querySelector('[data-testid="estimate-range"]')?.textContent;
        if (range === undefined) return false;
        window.__arrivedWith ??= range;
        return range !== window.__arrivedWith;
      },
    });
    // A choice made before the code arrives stays when it does.
    const kept = await choiceKept(browser, `${site}/ru/calculator`);
    return { bareButton, drawer, calculator, choiceKeptThroughHydration: kept };
  } finally {
    await browser.close();
  }
}

/** Picks the online shop at the first paint and checks, after hydration, that it is still chosen. */
async function choiceKept(browser, url) {
  const { page, close } = await throttledPage(browser);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const shop = page.getByTestId('type-shop');
    await shop.waitFor({ state: 'visible', timeout: 60_000 });
    const hydrated = await page.locator('html[data-hydrated]').count();
    const before = await page.getByTestId('estimate-range').textContent();
    await shop.click();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForTimeout(500);
    const checked = await shop.locator('input').isChecked();
    const after = await page.getByTestId('estimate-range').textContent();
    // Made before hydration, still chosen, and the estimate follows it.
    return hydrated === 0 && checked && after !== before;
  } finally {
    await close();
  }
}
