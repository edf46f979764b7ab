/**
 * The budgets `npm run bench` checks; its report (docs/performance.md)
 * lists them. Throughput and build time are budgets kept from before
 * the site moved to islands.
 */
export const budgets = {
  /** JavaScript over the wire, KB: reading pages, the home page, the calculator and contacts. */
  jsKb: { reading: 20, home: 90, calculator: 80, contacts: 80 },
  /** The home page's HTML over the wire, KB. */
  homeHtmlKb: 22,
  /** Serialized island props and other framework data, share of a page's HTML. */
  dataShare: 0.25,
  /** First paint on the throttled phone, against each bare page's in the same run. */
  firstPaintRatio: 1.3,
  /** The calculator reacts no later than the bare Next.js page's button. */
  calculatorRatio: 1,
  /** The consultation form's code when it loads, KB gzip (React's runtime apart). */
  formCodeKb: 35,
  /** Lighthouse mobile, every page type. */
  performance: 0.95,
  accessibility: 1,
  bestPractices: 1,
  seo: 1,
  cls: 0,
  /** The bare Astro page's performance below which the machine is too loaded for a verdict. */
  bareAstroPerformance: 0.98,
  /** Static-page requests a second against the bare Next.js server's, and nginx's cache against the site alone. */
  throughputRatio: 0.5,
  nginxRatio: 10,
  /** A clean production build, seconds. */
  buildSeconds: 180,
};

/** The JavaScript budget of a page type, KB. */
export const jsBudgetKb = (page) => (page.reading ? budgets.jsKb.reading : budgets.jsKb[page.type]);
