/**
 * Lighthouse 12, mobile (its default: a mid-range phone, simulated throttling),
 * for `npm run bench`: the median of `runs` runs per page.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Audits below 1 that count (informative, manual and not-applicable ones do not). */
const failingAudits = (lhr) =>
  Object.values(lhr.audits)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 1 &&
        !['informative', 'manual', 'notApplicable'].includes(audit.scoreDisplayMode),
    )
    .map((audit) => audit.id);

/**
 * A Chromium for Lighthouse; `measure(url)` runs it `runs` times and keeps the
 * median of each figure. `benchmarkIndexes` collects Lighthouse's rating of
 * this machine's CPU in every run (higher is faster): its simulated 4x
 * slowdown multiplies what this CPU does, so the same pages score lower on a
 * slower or busier machine.
 */
export async function startLighthouse({ chromePath, runs }) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const benchmarkIndexes = [];
  async function measure(url) {
    const results = [];
    // A run that measures nothing (no score) is run again, up to twice per run asked for.
    for (let attempt = 0; results.length < runs && attempt < runs * 2; attempt += 1) {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      benchmarkIndexes.push(lhr.environment.benchmarkIndex);
      if (lhr.categories.performance.score === null) continue;
      results.push({
        performance: lhr.categories.performance.score,
        accessibility: lhr.categories.accessibility.score,
        bestPractices: lhr.categories['best-practices'].score,
        seo: lhr.categories.seo.score,
        fcpMs: lhr.audits['first-contentful-paint'].numericValue,
        lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
        tbtMs: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        failing: failingAudits(lhr),
      });
    }
    if (results.length === 0) return { error: `Lighthouse could not measure ${url}` };
    const pick = (key) => median(results.map((result) => result[key]));
    return {
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      bestPractices: pick('bestPractices'),
      seo: pick('seo'),
      fcpMs: pick('fcpMs'),
      lcpMs: pick('lcpMs'),
      tbtMs: pick('tbtMs'),
      cls: Math.max(...results.map((result) => result.cls)),
      runs: results.map((result) => result.performance),
      failing: [...new Set(results.flatMap((result) => result.failing))],
    };
  }
  return {
    measure,
    benchmarkIndex: () => (benchmarkIndexes.length ? median(benchmarkIndexes) : undefined),
    stop: () => chrome.kill(),
  };
}
