#!/usr/bin/env node
/**
 * The test suites (docs/development.md, "Testing it"). Every stage runs even if an earlier one
 * failed, and the last line printed is the total: "N passed, N failed" (a check
 * such as lint counts as one test). The totals are also written to
 * test-results/summary.json for CI.
 *
 *   node scripts/run-tests.mjs             `npm test`, on every change
 *   node scripts/run-tests.mjs --release   `npm run test:release`, before a release
 *
 * The default suite: lint (type-aware) and the format check beside the
 * production build (the build spends much of its time on one core), then the
 * unit and integration tests (Vitest) with the type check beside them (the
 * tests spend much of theirs waiting), and the default end-to-end tests
 * (Playwright, every test without the @release tag).
 *
 * The release suite: the production build and the one with analytics on, the
 * fault tests (real processes of the built site, on PGlite and on PostgreSQL
 * when TEST_DATABASE_URL is set) side by side with the content editor's test
 * on the development server (both spend much of their time waiting), then the
 * end-to-end tests tagged @release. The editor's output is kept in
 * test-results/editor.log and printed when it ends, so the two do not mix.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const release = process.argv.includes('--release');
const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

function run(command, args, env = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return child.status === 0;
}

/** Starts a command with its output in `log`; resolves to whether it succeeded. */
function runLogged(command, args, log, env = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}   (output in ${log}, printed when it ends)`);
  const out = openSync(log, 'w');
  const child = spawn(command, args, {
    stdio: ['ignore', out, out],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve) => {
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

/** Waits for a logged command and prints its output under `title`. */
async function finishLogged(title, running, log) {
  const ok = await running;
  const output = existsSync(log) ? readFileSync(log, 'utf8') : '';
  process.stdout.write(`\n$ (${title})\n${output}`);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

let passed = 0;
let failed = 0;

/**
 * Adds a stage's totals from its JSON report (`totals` reads passed and failed
 * out of it); a stage that failed without reporting a failed test (it crashed,
 * or never ran) counts as one failure.
 */
function count(ok, report, totals) {
  const [stagePassed, stageFailed] = report ? totals(report) : [0, 0];
  passed += stagePassed;
  failed += stageFailed;
  if (!ok && !stageFailed) failed += 1;
}

/** A check without tests of its own (lint, the format check, a build): one test. */
function check(name, ok) {
  if (ok) passed += 1;
  else {
    failed += 1;
    console.error(`\n${name} failed.`);
  }
  return ok;
}

const vitestTotals = (report) => [report.numPassedTests, report.numFailedTests];
const playwrightTotals = (report) => [
  report.stats.expected + report.stats.flaky,
  report.stats.unexpected,
];

/** Runs Vitest (`args` picks a config) with its report in test-results/<name>.json, and counts it. */
function runVitest(name, args = []) {
  const report = `${results}/${name}.json`;
  const ok = run('npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  count(ok, readJson(report), vitestTotals);
}

/** The end-to-end tests of one suite, against the production build. */
function runEndToEnd(name, env = {}) {
  const report = `${results}/${name}.json`;
  const ok = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    ...env,
  });
  count(ok, readJson(report), playwrightTotals);
}

if (!release) {
  // 1. The production build, with lint and the format check beside it.
  const lintLog = `${results}/lint.log`;
  const linting = runLogged(
    'sh',
    ['-c', 'npx eslint . && echo "lint: no problems" && npx prettier --check . --log-level warn'],
    lintLog,
  );
  const buildOk = check('The production build', run('npm', ['run', 'build']));
  check('Lint or the format check', await finishLogged('lint, format', linting, lintLog));

  // 2. Unit and integration tests, with the type check (TypeScript and the .astro
  // files) beside them; after the build, as both write Astro's generated types.
  const typesLog = `${results}/typecheck.log`;
  const typing = runLogged('npm', ['run', 'typecheck'], typesLog);
  runVitest('vitest');
  check('The type check', await finishLogged('typecheck', typing, typesLog));

  // 3. The default end-to-end tests in Chromium.
  if (buildOk) runEndToEnd('playwright');
  else console.error('The production build failed; the end-to-end tests cannot run.');
} else {
  // 1. The production build, and the same site built with analytics providers on,
  // reporting to stand-ins (providers are fixed at build).
  const buildOk = check('The production build', run('npm', ['run', 'build']));
  check('The build with analytics on', run('npm', ['run', 'build:analytics-test']));

  // 2. The fault tests against the build, while the content editor (/keystatic) is
  // tested on the development server, on a scratch copy of the project.
  const editorLog = `${results}/editor.log`;
  const editing = runLogged(
    'npx',
    ['playwright', 'test', '-c', 'playwright.editor.config.ts', '--reporter=list,json'],
    editorLog,
    { PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/playwright-editor.json` },
  );
  if (buildOk) runVitest('faults', ['--config', 'vitest.faults.config.mts']);
  const editorOk = await finishLogged("the content editor's test", editing, editorLog);
  count(editorOk, readJson(`${results}/playwright-editor.json`), playwrightTotals);

  // 3. The release suite's end-to-end tests, once the editor's test has ended (both need the CPU).
  if (buildOk) runEndToEnd('playwright-release', { E2E_SUITE: 'release' });
  else console.error('The production build failed; the end-to-end tests cannot run.');
}

writeFileSync(`${results}/summary.json`, JSON.stringify({ passed, failed }));
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
