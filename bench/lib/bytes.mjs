/**
 * Bytes a page costs a visitor, for `npm run bench`, as a real Chromium at a
 * phone's size fetches them (compression as the server sends it, cache
 * empty): by kind (JS, HTML, CSS, fonts, images), once the page has loaded and
 * gone quiet, and again once it has been scrolled to the end (islands that
 * hydrate when visible load then); and the consultation form's code, fetched
 * when a visitor turns to the form.
 */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { analyseHtml, staticImports } from './html.mjs';
import { sleep } from './process.mjs';

export const phoneContext = {
  viewport: { width: 375, height: 740 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

const kinds = { document: 'html', script: 'js', stylesheet: 'css', font: 'fonts', image: 'images' };

/**
 * Records every response `page` receives: its URL, kind and body bytes over
 * the wire; `idle()` resolves once nothing has been in flight for 800 ms.
 */
function recorder(page) {
  const entries = [];
  let inFlight = 0;
  let lastChange = Date.now();
  const pending = [];
  page.on('request', () => {
    inFlight += 1;
    lastChange = Date.now();
  });
  const done = () => {
    inFlight -= 1;
    lastChange = Date.now();
  };
  page.on('requestfailed', done);
  page.on('requestfinished', (request) => {
    pending.push(
      request
        .sizes()
        .then((sizes) => {
          const navigation = request.isNavigationRequest() && request.frame() === page.mainFrame();
          const kind = kinds[request.resourceType()] ?? 'other';
          entries.push({
            url: request.url(),
            kind: kind === 'html' && !navigation ? 'other' : kind,
            bytes: sizes.responseBodySize,
          });
        })
        .catch(() => {})
        .finally(done),
    );
  });
  return {
    entries,
    async idle(maxMs = 20_000) {
      const until = Date.now() + maxMs;
      while (Date.now() < until && (inFlight > 0 || Date.now() - lastChange < 800))
        await sleep(100);
      await Promise.all(pending);
    },
  };
}

/** Kilobytes by kind of `entries`. */
function byKind(entries) {
  const sums = { html: 0, js: 0, css: 0, fonts: 0, images: 0, other: 0 };
  for (const entry of entries) sums[entry.kind] += entry.bytes / 1024;
  return sums;
}

/** Scrolls to the end of the page a screen at a time, as a reader would. */
async function scrollThrough(page) {
  for (let step = 0; step < 200; step += 1) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    await sleep(150);
    if (atEnd) break;
  }
}

/**
 * Bytes of `url` by kind at load and after scrolling through it, the scripts
 * it fetched, and what its HTML carries (`analyseHtml`).
 */
export async function pageBytes(browser, url) {
  const context = await browser.newContext(phoneContext);
  try {
    const page = await context.newPage();
    const record = recorder(page);
    const response = await page.goto(url, { waitUntil: 'load' });
    const html = await response.text();
    await record.idle();
    const atLoad = byKind(record.entries);
    await scrollThrough(page);
    await record.idle();
    return {
      atLoad,
      scrolled: byKind(record.entries),
      scripts: record.entries
        .filter((entry) => entry.kind === 'js')
        .map((entry) => ({ url: entry.url, kb: entry.bytes / 1024 })),
      ...analyseHtml(html),
    };
  } finally {
    await context.close();
  }
}

const gzCache = new Map();

/** Gzipped bytes of `url` as the server sends it to a browser that accepts only gzip. */
function gzBytes(url) {
  if (!gzCache.has(url))
    gzCache.set(
      url,
      new Promise((resolve, reject) => {
        http
          .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
            const chunks = [];
            response.on('data', (chunk) => chunks.push(chunk));
            response.on('error', reject);
            response.on('end', () => {
              const body = Buffer.concat(chunks);
              resolve(
                response.headers['content-encoding'] === 'gzip'
                  ? body.length
                  : gzipSync(body, { level: 9 }).length,
              );
            });
          })
          .on('error', reject);
      }),
    );
  return gzCache.get(url);
}

/** `urls` with every module they import statically, transitively. */
async function moduleGraph(urls) {
  const seen = new Set();
  const queue = [...urls];
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    const response = await fetch(url);
    if (!response.ok) continue;
    queue.push(...staticImports(await response.text(), url));
  }
  return seen;
}

const sumGz = async (urls) => {
  let bytes = 0;
  for (const url of urls) bytes += await gzBytes(url);
  return bytes / 1024;
};

/** A field of the consultation form: the first one a visitor types into. */
const formField =
  'main form :is(input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea)';

/**
 * The consultation form's code on `url`, gzipped: the scripts fetched once a
 * visitor turns to the form (scrolls to its first field and focuses it) and
 * the modules of the form's island, without React's own runtime (the
 * island's renderer and what it imports), which is counted apart.
 */
export async function formCode(browser, url) {
  const context = await browser.newContext(phoneContext);
  try {
    const page = await context.newPage();
    const record = recorder(page);
    await page.goto(url, { waitUntil: 'load' });
    await record.idle();
    const field = page.locator(formField).first();
    if ((await field.count()) === 0) return { missing: `no form field (${formField}) on ${url}` };
    const before = record.entries.length;
    await field.scrollIntoViewIfNeeded();
    await field.focus();
    await record.idle();
    const onFocus = record.entries
      .slice(before)
      .filter((entry) => entry.kind === 'js')
      .map((entry) => entry.url);
    const island = await field.evaluate((element) => {
      const host = element.closest('astro-island');
      const absolute = (name) =>
        host?.getAttribute(name) ? new URL(host.getAttribute(name), location.href).href : null;
      return host && { component: absolute('component-url'), renderer: absolute('renderer-url') };
    });
    const react = island?.renderer ? await moduleGraph([island.renderer]) : new Set();
    const own = island?.component ? await moduleGraph([island.component]) : new Set();
    const code = [...new Set([...onFocus, ...own])].filter((file) => !react.has(file));
    const reactWithForm = onFocus.filter((file) => react.has(file));
    return {
      inIsland: Boolean(island),
      onFocusKb: await sumGz(onFocus),
      codeKb: await sumGz(code),
      reactKb: await sumGz(react),
      reactLoadedWithFormKb: await sumGz(reactWithForm),
      files: await Promise.all(
        code.map(async (file) => ({ url: file, gzKb: (await gzBytes(file)) / 1024 })),
      ),
    };
  } finally {
    await context.close();
  }
}
