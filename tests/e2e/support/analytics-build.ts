/**
 * The second production build the end-to-end tests use: the site with every
 * analytics provider on, each reporting to a local stand-in
 * (tests/e2e/support/analytics-stand-ins.mjs), built into its own folder by
 * `npm run build:analytics-test` (scripts/analytics-test-build.mts) and served
 * beside the usual build (playwright.config.ts).
 */
/** Ports and settings of the analytics build, from the end-to-end tests' base port. */
export function analyticsTestBuild(port = Number(process.env.E2E_PORT ?? 3100)): {
  distDir: string;
  sitePort: number;
  standInPort: number;
  env: Record<string, string>;
} {
  const standInPort = port + 6;
  const standIn = `http://127.0.0.1:${standInPort}`;
  const distDir = `${process.env.DIST_DIR || 'dist'}-analytics`;
  return {
    distDir,
    sitePort: port + 3,
    standInPort,
    env: {
      DIST_DIR: distDir,
      METRIKA_COUNTER_ID: '98765432',
      METRIKA_SCRIPT_URL: `${standIn}/metrika/tag.js`,
      GA4_MEASUREMENT_ID: 'G-E2ETEST01',
      GA4_SCRIPT_URL: `${standIn}/gtag/js`,
      UMAMI_SCRIPT_URL: `${standIn}/umami/script.js`,
      UMAMI_WEBSITE_ID: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    },
  };
}
