/**
 * The page parts of `npm run bench`'s report: the run's setting, bytes over
 * the wire and Lighthouse, each figure against its budget.
 */
import { jsBudgetKb } from './budgets.mjs';
import { bareNames, budgets, fixed, ok, table, why } from './report-format.mjs';

export function intro(results) {
  const { machine, mode, build } = results;
  const lines = [
    `Measured ${results.date.slice(0, 16).replace('T', ' ')} UTC on ${machine.cpus} cores (load average ${machine.loadAverage.toFixed(1)} at the start${
      Object.keys(machine.loadAverages).length
        ? `; as each part began: ${Object.entries(machine.loadAverages)
            .map(([name, value]) => `${name} ${value}`)
            .join(', ')}`
        : ''
    }), Node ${machine.node}, ${machine.chromium}, Lighthouse ${machine.lighthouse}, Astro ${machine.astro}, the bare Next.js page on Next.js ${machine.next}; ${mode.runs === 1 ? 'one run' : `the median of ${mode.runs} runs`} per figure, languages ${mode.languages.join(', ')}${mode.quick ? ' (a quick run)' : ''}${mode.skipped.length ? `; not measured: ${mode.skipped.join(', ')}` : ''}.`,
    '',
    build.seconds === null
      ? 'Clean production build: not measured (`--reuse`).'
      : `Clean production build: ${build.seconds.toFixed(0)} s (budget ≤ ${budgets.buildSeconds} s) ${ok(build.seconds <= budgets.buildSeconds)}.`,
  ];
  const b = budgets;
  lines.push(
    '',
    `Budgets (the benchmark reports them; it fails nothing): JavaScript over the wire ≤ ${b.jsKb.reading} KB on every reading page (article, service, case, portfolio, blog, About, legal), ≤ ${b.jsKb.home} KB on the home page, ≤ ${b.jsKb.calculator} KB on the calculator and contacts; the home page's HTML ≤ ${b.homeHtmlKb} KB over the wire; island props and other framework data ≤ ${b.dataShare * 100} % of any page's HTML; on the throttled phone, every page type's first paint ≤ ${b.firstPaintRatio}x each bare page's, the calculator reacting no later than the bare Next.js page's button, the drawer working from the first paint; the consultation form's code ≤ ${b.formCodeKb} KB gzip when it loads; Lighthouse mobile performance ≥ ${b.performance} on every page type while the bare Astro page scores ≥ ${b.bareAstroPerformance}, accessibility, best practices and SEO ${b.seo.toFixed(2)}, CLS ${b.cls}; static-page throughput ≥ ${b.throughputRatio}x the bare Next.js server's and ≥ ${b.nginxRatio}x through nginx's cache; a clean build ≤ ${b.buildSeconds} s.`,
  );
  const missing = results.pages.filter((page) => page.status !== 200);
  if (missing.length)
    lines.push(
      '',
      `Not on the site (yet), so not measured: ${missing.map((page) => `\`${page.path}\` (${page.status})`).join(', ')}.`,
    );
  if (results.bareNextError)
    lines.push('', `The bare Next.js page could not be built: ${results.bareNextError}.`);
  return lines;
}

const islandList = (bytes) =>
  bytes.islands.length
    ? bytes.islands.map((island) => `${island.name} (${island.client})`).join(', ')
    : 'none';

export function bytesSection(results) {
  const lines = [
    '### Bytes over the wire',
    '',
    'A phone-sized Chromium (375 px), cache empty, compression as each server sends it (the site and the bare Astro pages brotli, `next start` gzip), KB. JS: the script files fetched once the page has been scrolled to its end, which loads the islands that wait to be visible (before scrolling in brackets). Props and data: the `props` attributes of `<astro-island>` elements and any inline JSON that is framework data (not JSON-LD; for Next.js its `self.__next_f` scripts), as a share of the raw HTML.',
    '',
  ];
  const bytes = results.bytes;
  if (why(bytes)) return [...lines, `Bytes: ${why(bytes)}.`];
  const cells = (b, budgetKb, htmlBudget) => [
    `${fixed(b.scrolled.js)} (${fixed(b.atLoad.js)})${budgetKb === undefined ? '' : ` / ${budgetKb} ${ok(b.scrolled.js <= budgetKb)}`}`,
    `${fixed(b.scrolled.html)}${htmlBudget === undefined ? '' : ` / ${htmlBudget} ${ok(b.scrolled.html <= htmlBudget)}`}`,
    fixed(b.htmlRawBytes / 1024),
    `${fixed(b.dataShare * 100, 0)} %${budgetKb === undefined ? '' : ` ${ok(b.dataShare <= budgets.dataShare)}`}`,
    fixed(b.scrolled.css),
    fixed(b.scrolled.fonts),
    fixed(b.scrolled.images),
    islandList(b),
  ];
  const rows = [];
  for (const page of results.pages) {
    const b = bytes.pages[page.path];
    if (!b) continue;
    rows.push([
      page.type,
      page.lang,
      ...cells(b, jsBudgetKb(page), page.type === 'home' ? budgets.homeHtmlKb : undefined),
    ]);
  }
  for (const [key, b] of Object.entries(bytes.bare)) rows.push([bareNames[key], '', ...cells(b)]);
  lines.push(
    ...table(
      [
        'page',
        'lang',
        'JS',
        'HTML',
        'HTML raw',
        'props and data (≤ 25 %)',
        'CSS',
        'fonts',
        'images',
        'islands',
      ],
      rows,
    ),
  );
  const form = bytes.form;
  lines.push(
    '',
    form.missing
      ? `The consultation form's code: not measured (${form.missing}).`
      : `The consultation form's code, gzip, once a visitor turns to it on contacts (scrolls to its first field and focuses it): **${fixed(form.codeKb)} KB** (budget ≤ ${budgets.formCodeKb} KB) ${ok(form.codeKb <= budgets.formCodeKb)}: the scripts fetched then (${fixed(form.onFocusKb)} KB) and the modules of the form's island${form.inIsland ? '' : ' (the field is in no island)'}, React's runtime apart (${fixed(form.reactKb)} KB, of which ${fixed(form.reactLoadedWithFormKb)} KB came with the form).`,
  );
  return lines;
}

export function lighthouseSection(results) {
  const lh = results.lighthouse;
  const lines = ['### Lighthouse mobile', ''];
  if (why(lh)) return [...lines, `Lighthouse: ${why(lh)}.`];
  const floor = Math.min(
    ...[lh.bare.astroBefore, lh.bare.astroAfter].map((r) => r.performance ?? 0),
  );
  lines.push(
    `Lighthouse ${results.machine.lighthouse}, mobile (simulated throttling), which rates this machine's CPU ${fixed(lh.benchmarkIndex, 0)} (\`benchmarkIndex\`, higher is faster). The bare Astro page, measured before and after the site's pages, scored ${fixed(lh.bare.astroBefore.performance, 2)} and ${fixed(lh.bare.astroAfter.performance, 2)}: ${
      floor >= budgets.bareAstroPerformance
        ? `at least ${budgets.bareAstroPerformance}, so the machine was quiet enough for the site's scores to count.`
        : `below ${budgets.bareAstroPerformance}, so **this machine was too loaded** for the performance scores of this run to be a verdict (the other categories and CLS still count).`
    } CLS is the largest of the runs.`,
    '',
  );
  const cells = (r, budgeted) =>
    r.error
      ? [r.error, '', '', '', '', '', '', '']
      : [
          budgeted
            ? `${fixed(r.performance, 2)} ${ok(r.performance >= budgets.performance)}`
            : fixed(r.performance, 2),
          budgeted
            ? `${fixed(r.accessibility, 2)} ${ok(r.accessibility >= budgets.accessibility)}`
            : fixed(r.accessibility, 2),
          budgeted
            ? `${fixed(r.bestPractices, 2)} ${ok(r.bestPractices >= budgets.bestPractices)}`
            : fixed(r.bestPractices, 2),
          budgeted ? `${fixed(r.seo, 2)} ${ok(r.seo >= budgets.seo)}` : fixed(r.seo, 2),
          budgeted ? `${fixed(r.cls, 3)} ${ok(r.cls <= budgets.cls)}` : fixed(r.cls, 3),
          fixed(r.fcpMs, 0),
          fixed(r.lcpMs, 0),
          fixed(r.tbtMs, 0),
        ];
  const rows = results.pages
    .filter((page) => lh.pages[page.path])
    .map((page) => [page.type, page.lang, ...cells(lh.pages[page.path], true)]);
  rows.push(['bare Astro page (before)', '', ...cells(lh.bare.astroBefore)]);
  rows.push(['bare Astro page (after)', '', ...cells(lh.bare.astroAfter)]);
  if (lh.bare.next) rows.push(['bare Next.js page', '', ...cells(lh.bare.next)]);
  lines.push(
    ...table(
      [
        'page',
        'lang',
        'performance',
        'accessibility',
        'best practices',
        'SEO',
        'CLS',
        'FCP ms',
        'LCP ms',
        'TBT ms',
      ],
      rows,
    ),
  );
  const failing = Object.entries(lh.pages).filter(([, r]) => r.failing?.length);
  if (failing.length) {
    lines.push('', 'Lighthouse audits below 1:', '');
    for (const [pagePath, r] of failing) lines.push(`- ${pagePath}: ${r.failing.join(', ')}`);
  }
  return lines;
}
