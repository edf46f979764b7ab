/**
 * The Markdown of `npm run bench`'s results (bench/results/latest.md and the
 * table in docs/performance.md), each figure against its budget: the page
 * parts come from report-pages.mjs; what a visitor on a phone feels, the load
 * tests and the form submissions are here.
 */
import { bareNames, budgets, fixed, ok, table, why } from './report-format.mjs';
import { bytesSection, intro, lighthouseSection } from './report-pages.mjs';

const ratio = (value, base, budget) => {
  if (!value || !base) return '—';
  const times = value / base;
  return `${times.toFixed(2)}x${budget === undefined ? '' : ` ${ok(times <= budget)}`}`;
};

function phoneSection(results) {
  const feel = results.phone;
  const p = results.throttling;
  const lines = [
    '### On a throttled phone',
    '',
    `A real Chromium as a ${p.width} px phone on ${((p.downloadBytesPerSecond * 8) / 1024 / 1024).toFixed(1)} Mbps down, a ${p.latencyMs} ms round trip and a CPU ${p.cpuSlowdown}x slower, cache empty, the median of ${results.mode.runs === 1 ? 'one load' : `${results.mode.runs} fresh loads`} (each in brackets). First paint: the first contentful paint, from navigation; budget ≤ ${budgets.firstPaintRatio}x each bare page's. Time to working: from when the page's stylesheets have arrived, a tap every ${p.tapEveryMs} ms where the control is drawn, sent without waiting for the page, until the page draws the effect (the page reports that frame).`,
    '',
  ];
  if (why(feel)) return [...lines, `The throttled phone: ${why(feel)}.`];
  const paint = (key) => feel.firstPaint[key];
  const paintRow = (name, lang, entry, budgeted) => [
    name,
    lang,
    `${entry.ms} (${entry.runs.join(', ')})`,
    ratio(entry.ms, paint('astro')?.ms, budgeted ? budgets.firstPaintRatio : undefined),
    ratio(entry.ms, paint('next')?.ms, budgeted ? budgets.firstPaintRatio : undefined),
  ];
  const rows = Object.keys(bareNames)
    .filter((key) => paint(key))
    .map((key) => paintRow(bareNames[key], '', paint(key)));
  for (const page of results.pages)
    if (paint(page.path)) rows.push(paintRow(page.type, page.lang, paint(page.path), true));
  lines.push(
    ...table(
      ['first paint', 'lang', 'ms', 'against the bare Astro page', 'against the bare Next.js page'],
      rows,
    ),
    '',
  );
  const bareNext = feel.working.next;
  const work = [];
  const labels = {
    next: 'bare Next.js page: its button works',
    astro: 'bare Astro page: its button (a small script) works',
    astroIsland: 'bare Astro page: its React island button works',
    drawer: 'home: the drawer opens',
    calculator: 'calculator: a choice moves the estimate',
  };
  for (const [key, entry] of Object.entries(feel.working)) {
    work.push([
      labels[key] ?? key,
      `${entry.ms} (${entry.runs.join(', ')})`,
      fixed(entry.afterPaintMs, 0),
      ratio(entry.ms, bareNext?.ms, key === 'calculator' ? budgets.calculatorRatio : undefined),
      key === 'drawer'
        ? `${entry.firstTapWorked ? 'yes' : 'no'} ${ok(entry.firstTapWorked)}`
        : entry.firstTapWorked
          ? 'yes'
          : 'no',
    ]);
  }
  lines.push(
    ...table(
      [
        'from navigation to …',
        'ms',
        "ms after the page's first paint",
        "against the bare Next.js page's button",
        'the first tap works',
      ],
      work,
    ),
  );
  if (!feel.working.calculator)
    lines.push('', 'The calculator: not measured (not on the site yet).');
  const choice = feel.choiceKeptThroughHydration;
  if (choice)
    lines.push(
      '',
      `A calculator choice made ${choice.madeBeforeHydration ? 'before its island hydrated' : 'after its island had hydrated (the page was faster than the tap)'} is kept and moves the estimate: ${choice.kept ? 'yes ✅' : 'no ❌'}.`,
    );
  return lines;
}

function loadSection(results) {
  const load = results.load;
  const lines = ['### Load', ''];
  if (why(load)) return [...lines, `Load tests: ${why(load)}.`];
  const { plainNode, bareNext, nginx, otherCurrency } = load;
  lines.push(
    `Load generator: ${load.tool}; \`${load.path}\`, ${load.seconds} s, 50 connections. The site ${plainNode.site.requestsPerSecond.toFixed(0)} req/s (p99 ${plainNode.site.p99Ms} ms), plain Node \`http\` serving the same HTML from memory ${plainNode.plainNode.requestsPerSecond.toFixed(0)} req/s (p99 ${plainNode.plainNode.p99Ms} ms): ratio **${plainNode.ratio.toFixed(2)}**.`,
    '',
    bareNext
      ? `Compression accepted, against the bare Next.js page under \`next start\`: ${bareNext.site.toFixed(0)} against ${bareNext.bare.toFixed(0)} req/s, ratio **${bareNext.ratio.toFixed(2)}** (budget ≥ ${budgets.throughputRatio}) ${ok(bareNext.ratio >= budgets.throughputRatio)}.`
      : 'Against the bare Next.js page: not measured (no bare Next.js page).',
    '',
    otherCurrency
      ? `In another currency (a visitor's cookie \`currency=${otherCurrency.currency}\`; rendered once, then answered from the process's memory), compression accepted: ${otherCurrency.rendered.requestsPerSecond.toFixed(0)} req/s (p99 ${otherCurrency.rendered.p99Ms} ms, ${otherCurrency.rendered.errors} errors) against ${otherCurrency.own.requestsPerSecond.toFixed(0)} in the page's own currency from the files: ${otherCurrency.ratio.toFixed(2)}x.`
      : 'In another currency: not measured.',
    '',
    why(nginx) || nginx.missing
      ? `Through nginx: ${why(nginx) ?? `not measured (${nginx.missing})`}.`
      : `Through nginx (\`deploy/nginx\`, cached), compression accepted, against \`npm start\` alone: ${nginx.cached.toFixed(0)} against ${nginx.direct.toFixed(0)} req/s, **${nginx.ratio.toFixed(1)}x** (budget ≥ ${budgets.nginxRatio}x) ${ok(nginx.ratio >= budgets.nginxRatio)}.`,
  );
  return lines;
}

function formsSection(results) {
  const forms = results.forms;
  if (why(forms)) return [`Form submissions: ${why(forms)}.`];
  if (forms[0]?.missing) return [`Form submissions: not measured (${forms[0].missing}).`];
  return table(
    ['form submissions (HTTP API, 16 connections)', 'accepted/s', 'p99 ms', 'refused', 'errors'],
    forms.map((form) => [
      form.database,
      form.acceptedPerSecond.toFixed(1),
      form.p99Ms,
      form.refused,
      form.errors,
    ]),
  );
}

/** The whole report, Markdown without a title. */
export function report(results) {
  return [
    ...intro(results),
    '',
    ...bytesSection(results),
    '',
    ...lighthouseSection(results),
    '',
    ...phoneSection(results),
    '',
    ...loadSection(results),
    '',
    ...formsSection(results),
  ].join('\n');
}
