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

async function throttledPage(browser) {
  const context = await browser.newContext({
    viewport: { width: phone.width, height: phone.height },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
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
  return { page, close: () => context.close() };
}

/**
 * Milliseconds from navigation until a tap on `target` has its effect
 * (`works` in the page says so). The tap is repeated every 50 ms from the
 * moment the target is painted, as an impatient visitor would; `firstTapWorked`
 * says whether the very first one, at the first paint, already did.
 */
async function timeToWorking(browser, url, { target, works, prepare }) {
  const { page, close } = await throttledPage(browser);
  try {
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    let taps = 0;
    for (;;) {
      if (Date.now() - started > 60_000) throw new Error(`${url}: ${target} never worked`);
      const control = page.locator(target).first();
      // Below the fold on a phone, or under a sticky bar once the page has grown
      // around it: the visitor brings it to the middle of the screen, where a tap lands on it.
      if (await control.count())
        await control
          .evaluate((element) => {
            const box = element.getBoundingClientRect();
            const hit = document.elementFromPoint(
              box.left + box.width / 2,
              box.top + box.height / 2,
            );
            if (!hit || !element.contains(hit)) element.scrollIntoView({ block: 'center' });
          })
          .catch(() => {});
      const box = await control.boundingBox().catch(() => null);
      if (box && box.width > 0) {
        if (taps === 0 && prepare) await prepare(page);
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        taps += 1;
        if (await page.evaluate(works).catch(() => false))
          return { ms: Date.now() - started, firstTapWorked: taps === 1 };
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await close();
  }
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
  const series = async (measure) => {
    const results = [];
    for (let run = 0; run < runs; run += 1) results.push(await measure());
    return {
      ms: median(results.map((result) => result.ms)),
      runs: results.map((result) => result.ms),
      firstTapWorked: results.every((result) => result.firstTapWorked),
    };
  };
  try {
    const bareButton = await series(() =>
      timeToWorking(browser, bare, {
        target: '#toggle',
        works: () => !!document.getElementById('panel'),
      }),
    );
    const drawer = await series(() =>
      timeToWorking(browser, `${site}/ru`, {
        target: 'header button[command="show-modal"]',
        works: () => !!document.querySelector('dialog[open]'),
      }),
    );
    // The calculator reacts when a choice moves the estimate: the online shop's
    // range differs from the default's. The first tap may land before the code;
    // the estimate must follow once it has arrived.
    const calculator = await series(() =>
      timeToWorking(browser, `${site}/ru/calculator`, {
        target: '[data-testid="type-shop"]',
        prepare: async (page) => {
          const text = await page.getByTestId('estimate-range').textContent();
          await page.evaluate((value) => (window.__defaultRange = value), text);
        },
        works: () =>
          document.querySelector('[data-testid="estimate-range"]')?.textContent !==
          window.__defaultRange,
      }),
    );
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
