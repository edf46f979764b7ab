/**
 * `npm run bench`: measures, in one run, the site, a bare Next.js App Router
 * page and bare Astro pages, against the budgets of docs/performance.md, and writes
 * bench/results/latest.json and latest.md (and the table in docs/performance.md). It
 * reports; it never fails the test suite. A page type the site does not have
 * (yet) is marked missing; a part that cannot be measured says why.
 *
 *   npm run bench                  clean build (timed), then everything
 *   npm run bench -- --reuse       the site's build as it is, and the bare pages' when unchanged
 *   npm run bench -- --runs 5      runs per page, Lighthouse and the throttled phone (default 3; medians)
 *   npm run bench -- --quick       Russian only, one run each, 3 s load tests
 *   npm run bench -- --lang ru,en  the languages measured (default ru,kz)
 *   npm run bench -- --skip lighthouse,load
 *                                  parts left out: bytes, lighthouse, phone, load, nginx, forms
 *   npm run bench -- --report      only the report again, from bench/results/latest.json
 *
 * Environment: DIST_DIR (the site's build folder, `dist`), CHROMIUM_PATH
 * (scripts/chromium.mjs picks one without it), TEST_DATABASE_URL (adds the
 * form benchmark on PostgreSQL, in a database of its own), BENCH_PORT (the
 * first of the ports the run listens on; the system picks them without it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { buildBareAstro, startBareAstro } from '../bench/lib/bare-astro.mjs';
import { bareNextVersions, buildBareNext, startBareNext } from '../bench/lib/bare-next.mjs';
import { budgets } from '../bench/lib/budgets.mjs';
import { formCode, pageBytes } from '../bench/lib/bytes.mjs';
import { startLighthouse } from '../bench/lib/lighthouse.mjs';
import {
  againstPlainNode,
  formSubmissions,
  inAnotherCurrency,
  loadTool,
  staticRates,
  withBenchDatabase,
} from '../bench/lib/load.mjs';
import { freePort } from '../bench/lib/process.mjs';
import { buildSite, pageTypes, startSite, statusOf } from '../bench/lib/site.mjs';
import { resultsFile, writeResults } from '../bench/lib/write.mjs';
import { measureFeel, phone, tapEveryMs } from './bench-feel.mjs';
import { chromiumPath } from './chromium.mjs';
import { nginxBinary, startNginxFront } from './nginx-front.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    reuse: { type: 'boolean', default: false },
    runs: { type: 'string' },
    quick: { type: 'boolean', default: false },
    lang: { type: 'string' },
    skip: { type: 'string', default: '' },
    report: { type: 'boolean', default: false },
  },
});
if (args.report) {
  // The report again, from the figures of the last run (after a change to the report's wording).
  writeResults(root, JSON.parse(readFileSync(resultsFile(root), 'utf8')), { json: false });
  process.exit(0);
}
const runs = Math.max(1, Number(args.runs ?? (args.quick ? 1 : 3)) || 1);
const loadSeconds = args.quick ? 3 : 10;
const languages = (args.lang ?? (args.quick ? 'ru' : 'ru,kz')).split(',').filter(Boolean);
const skip = new Set(args.skip.split(',').filter(Boolean));
const distDir = process.env.DIST_DIR || 'dist';
const chromePath = chromiumPath();
if (!chromePath) {
  console.error(
    'No Chromium: install one (docs/development.md, "Testing it") or set CHROMIUM_PATH.',
  );
  process.exit(1);
}
const log = (message) => console.log(`bench: ${message}`);

/** Runs one part of the benchmark; a part that fails is reported with its error, and the rest goes on. */
async function part(name, run) {
  if (skip.has(name)) return { skipped: true };
  // How busy the machine was as each part began (other work on it slows what is timed).
  results.machine.loadAverages[name] = Math.round(os.loadavg()[0] * 10) / 10;
  try {
    return await run();
  } catch (error) {
    log(`${name} failed: ${error.stack ?? error}`);
    return { error: String(error.message ?? error) };
  }
}

const versionOf = (file) => JSON.parse(readFileSync(file, 'utf8')).version;
const results = {
  date: new Date().toISOString(),
  mode: { quick: args.quick, runs, loadSeconds, languages, skipped: [...skip] },
  machine: {
    cpus: os.cpus().length,
    loadAverage: os.loadavg()[0],
    loadAverages: {},
    node: process.version,
    chromium: spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim(),
    lighthouse: versionOf(path.join(root, 'node_modules/lighthouse/package.json')),
    astro: versionOf(path.join(root, 'node_modules/astro/package.json')),
    next: bareNextVersions.next,
  },
  budgets,
  throttling: { ...phone, tapEveryMs },
};

const sitePort = await freePort();
const base = `http://localhost:${sitePort}`;
results.build = { seconds: null };
if (args.reuse && existsSync(path.join(root, distDir, 'server.mjs'))) {
  log(`reusing the build in ${distDir}`);
} else {
  log(`clean production build into ${distDir} …`);
  results.build.seconds = buildSite(root, distDir, base);
}
const bareAstroOut = buildBareAstro(root, { log });
// Without it (no registry to install from, say) the rest is still measured, against the bare Astro pages.
let bareNextDir;
try {
  bareNextDir = buildBareNext(root, { reuse: args.reuse, log });
} catch (error) {
  log(String(error.message));
  results.bareNextError = String(error.message);
}

const servers = [];
try {
  const site = await startSite(root, { distDir, port: sitePort, siteUrl: base });
  servers.push(site);
  const bareAstro = await startBareAstro(bareAstroOut, await freePort());
  servers.push(bareAstro);
  const bare = {
    astro: { name: 'bare Astro page', url: bareAstro.url },
    astroIsland: { name: 'bare Astro page, React island', url: `${bareAstro.url}island` },
  };
  if (bareNextDir) {
    const bareNext = await startBareNext(bareNextDir, await freePort());
    servers.push(bareNext);
    bare.next = { name: 'bare Next.js page', url: bareNext.url };
  }

  results.pages = [];
  for (const lang of languages)
    for (const page of pageTypes(root)) {
      const pagePath = `/${lang}${page.path}`;
      const status = await statusOf(`${base}${pagePath}`);
      results.pages.push({ ...page, lang, path: pagePath, url: `${base}${pagePath}`, status });
    }
  const present = results.pages.filter((page) => page.status === 200);
  const missing = results.pages.filter((page) => page.status !== 200);
  if (missing.length)
    log(
      `not on the site (yet): ${missing.map((page) => `${page.path} (${page.status})`).join(', ')}`,
    );
  const find = (type, lang = languages[0]) =>
    present.find((page) => page.type === type && page.lang === lang);

  results.bytes = await part('bytes', async () => {
    const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
    try {
      const out = { pages: {}, bare: {} };
      for (const [key, page] of Object.entries(bare)) {
        log(`bytes: ${page.name} …`);
        out.bare[key] = await pageBytes(browser, page.url);
      }
      for (const page of present) {
        log(`bytes: ${page.path} …`);
        out.pages[page.path] = await pageBytes(browser, page.url);
      }
      const contacts = find('contacts');
      log('the consultation form’s code …');
      out.form = contacts
        ? await formCode(browser, contacts.url)
        : { missing: `${`/${languages[0]}/contacts`} is not on the site` };
      return out;
    } finally {
      await browser.close();
    }
  });

  results.lighthouse = await part('lighthouse', async () => {
    const lh = await startLighthouse({ chromePath, runs });
    try {
      // The bare Astro page before and after the site's pages: how loaded the machine was, throughout.
      log('Lighthouse: the bare pages …');
      const out = { pages: {}, bare: { astroBefore: await lh.measure(bare.astro.url) } };
      if (bare.next) out.bare.next = await lh.measure(bare.next.url);
      for (const page of present) {
        log(`Lighthouse: ${page.path} …`);
        out.pages[page.path] = await lh.measure(page.url);
      }
      out.bare.astroAfter = await lh.measure(bare.astro.url);
      out.benchmarkIndex = lh.benchmarkIndex();
      return out;
    } finally {
      await lh.stop();
    }
  });

  results.phone = await part('phone', async () => {
    log('what a visitor on a throttled phone feels …');
    const paints = Object.fromEntries(Object.entries(bare).map(([key, page]) => [key, page.url]));
    for (const page of present) paints[page.path] = page.url;
    const controls = Object.fromEntries(
      Object.entries(bare).map(([key, page]) => [key, { url: page.url, control: 'bareButton' }]),
    );
    const home = find('home');
    if (home) controls.drawer = { url: home.url, control: 'drawer' };
    const calculator = find('calculator');
    if (calculator) controls.calculator = { url: calculator.url, control: 'calculator' };
    return measureFeel({
      chromePath,
      paints,
      controls,
      calculatorUrl: calculator?.url,
      runs,
      log,
    });
  });

  results.load = await part('load', async () => {
    const page = find('service') ?? find('home');
    const url = page.url;
    log(`throughput of ${page.path} …`);
    const out = { path: page.path, tool: loadTool, seconds: loadSeconds };
    out.plainNode = await againstPlainNode(url, loadSeconds);
    if (bare.next) {
      log('the same page against the bare Next.js page …');
      const [siteRate, bareRate] = await staticRates(
        bare.next.url,
        [url, bare.next.url],
        loadSeconds,
      );
      out.bareNext = { site: siteRate, bare: bareRate, ratio: siteRate / bareRate };
    }
    // The Kazakh pages' own currency is the tenge: theirs in roubles.
    const currency = page.path.startsWith('/kz') ? 'RUB' : 'KZT';
    log(`the same page in ${currency} (a visitor's currency cookie) …`);
    out.otherCurrency = await inAnotherCurrency(url, currency, loadSeconds);
    out.nginx = await part('nginx', async () => {
      if (!nginxBinary) return { missing: 'no nginx installed' };
      log('the same page through nginx (deploy/nginx) …');
      const upstream = `127.0.0.1:${sitePort}`;
      const front = await startNginxFront({
        port: await freePort(),
        upstreams: [upstream, upstream],
      });
      try {
        const viaNginx = `${front.url}${page.path}`;
        const [direct, cached] = await staticRates(viaNginx, [url, viaNginx], loadSeconds);
        return { direct, cached, ratio: cached / direct };
      } finally {
        await front.stop();
      }
    });
    return out;
  });

  results.forms = await part('forms', async () => {
    log('form submissions on PGlite …');
    const out = [{ database: 'PGlite', ...(await formSubmissions(base, loadSeconds)) }];
    if (process.env.TEST_DATABASE_URL && !out[0].missing) {
      log('form submissions on PostgreSQL …');
      await withBenchDatabase(process.env.TEST_DATABASE_URL, async (databaseUrl) => {
        const port = await freePort();
        const siteUrl = `http://localhost:${port}`;
        const pgSite = await startSite(root, {
          distDir,
          port,
          siteUrl,
          env: { DATABASE_URL: databaseUrl },
        });
        try {
          out.push({ database: 'PostgreSQL', ...(await formSubmissions(siteUrl, loadSeconds)) });
        } finally {
          await pgSite.stop();
        }
      });
    }
    return out;
  });
} finally {
  for (const server of servers.reverse()) await server.stop();
}

const markdown = writeResults(root, results);
log(`written to bench/results/latest.md\n\n${markdown}`);
