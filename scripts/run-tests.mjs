#!/usr/bin/env node
/**
 * The whole test suite, as `npm test` runs it: unit and integration tests
 * (Vitest), a production build (and a second one with analytics on, for the
 * consent tests), the fault tests against it (Vitest, tests/faults) side by
 * side with the content editor's end-to-end test on the development server
 * (playwright.editor.config.ts), then the end-to-end tests (Playwright). Every
 * stage runs even if an earlier one failed, and the last line printed is the
 * total: "N passed, N failed". The same totals are written to
 * test-results/summary.json for CI.
 *
 * The fault tests spend much of their time waiting (for a killed process's
 * job, a held lock, a timeout), and so does the editor's test (for the
 * development server to compile a page): on two cores, side by side, they took
 * 7.4 minutes where one after the other took 9.4. The editor's output is kept
 * in test-results/editor.log and printed when it ends, so the two do not mix.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

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

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function startEditor() {
  return runLogged(
    'npx',
    ['playwright', 'test', '-c', 'playwright.editor.config.ts', '--reporter=list,json'],
    editorLog,
    { PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/playwright-editor.json` },
  );
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

const editorLog = `${results}/editor.log`;
let editorRun = Promise.resolve(false);
let editorCounted = false;

/** Waits for the editor's test, prints its output and counts its results. */
async function finishEditor() {
  const ok = await editorRun;
  editorCounted = true;
  const output = existsSync(editorLog) ? readFileSync(editorLog, 'utf8') : '';
  process.stdout.write(`\n$ (the content editor's test)\n${output}`);
  count(ok, readJson(`${results}/playwright-editor.json`), playwrightTotals);
}

// 1. Unit and integration tests.
runVitest('vitest');

// 2. The production build the end-to-end tests run against.
const buildOk = run('npm', ['run', 'build']);
if (!buildOk) {
  editorRun = startEditor();
  failed += 1;
  console.error('The production build failed; the end-to-end tests cannot run.');
} else {
  // 2b. The same site built with analytics providers on, reporting to stand-ins:
  // the consent banner's end-to-end tests run against it (providers are fixed at build).
  if (!run('npm', ['run', 'build:analytics-test'])) {
    failed += 1;
    console.error('The build with analytics on failed; its end-to-end tests will fail.');
  }

  // 3. Fault tests: the built server, the worker and the database under crashes and
  // outages, while the content editor (/keystatic) is tested on the development
  // server, on a scratch copy of the project.
  editorRun = startEditor();
  runVitest('faults', ['--config', 'vitest.faults.config.mts']);

  // 4. End-to-end tests in Chromium, once the editor's test has ended (both need the CPU).
  await finishEditor();
  const e2eOk = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/playwright.json`,
  });
  count(e2eOk, readJson(`${results}/playwright.json`), playwrightTotals);
}

if (!editorCounted) await finishEditor();

writeFileSync(`${results}/summary.json`, JSON.stringify({ passed, failed }));
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && existsSync(`${results}/summary.json`) ? 0 : 1);
