/**
 * Every analytics provider on, as the server's variables would turn them on
 * (src/lib/analytics/config.ts), with ids of each provider's own shape: the
 * settings the unit tests of analytics start from.
 */
export const everyProvider = {
  METRIKA_COUNTER_ID: '98765432',
  GA4_MEASUREMENT_ID: 'G-ABC123XYZ',
  UMAMI_SCRIPT_URL: 'https://stats.example.com/script.js',
  UMAMI_WEBSITE_ID: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
};
