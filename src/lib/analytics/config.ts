import { z } from 'zod';

/**
 * The analytics providers the site reports to, each on only when its setting
 * is given (docs/architecture.md, "Analytics and consent"). They are read when the site is
 * built: pages are static, so what a page loads, and the Content Security
 * Policy that allows it, are fixed then. With none set, the site ships no
 * consent banner and no analytics code at all.
 *
 * Nothing here loads anything: the browser loads a provider only after the
 * visitor agrees to the category it belongs to (src/components/consent/).
 */
export const analyticsProviderIds = ['metrika', 'ga4', 'umami'] as const;
export type AnalyticsProviderId = (typeof analyticsProviderIds)[number];

export type AnalyticsProviders = {
  /** Yandex Metrica: the counter and its tag. Sets first-party cookies (_ym_*). */
  metrika?: { counterId: string; scriptUrl: string };
  /** Google Analytics 4: the measurement id and gtag.js. Sets first-party cookies (_ga*). */
  ga4?: { measurementId: string; scriptUrl: string };
  /** Umami, self-hosted and cookie-free: its script and the website id. */
  umami?: { websiteId: string; scriptUrl: string };
};

const defaults = {
  metrikaScript: 'https://mc.yandex.ru/metrika/tag.js',
  ga4Script: 'https://www.googletagmanager.com/gtag/js',
};

/**
 * Where each provider's default script sends its data and pictures: what the
 * Content Security Policy must allow for it. A script given by URL (a proxy,
 * a self-hosted copy, a stand-in in tests) is allowed its own origin only.
 */
const knownOrigins: Record<string, { connect: string[]; img: string[] }> = {
  [defaults.metrikaScript]: {
    connect: ['https://mc.yandex.ru', 'https://mc.yandex.com'],
    img: ['https://mc.yandex.ru', 'https://mc.yandex.com'],
  },
  [defaults.ga4Script]: {
    connect: [
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    ],
    img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  },
};

const blank = (value: unknown) => (value === '' ? undefined : value);
const scriptUrl = z.url({
  protocol: /^https?$/,
  message: 'must be an http(s) address of a script',
});

const analyticsEnvSchema = z.object({
  METRIKA_COUNTER_ID: z.preprocess(
    blank,
    z
      .string()
      .regex(/^\d{5,12}$/, 'must be the counter number Yandex Metrica shows')
      .optional(),
  ),
  METRIKA_SCRIPT_URL: z.preprocess(blank, scriptUrl.optional()),
  GA4_MEASUREMENT_ID: z.preprocess(
    blank,
    z
      .string()
      .regex(/^G-[A-Z0-9]{4,14}$/, 'must be a measurement id such as G-ABC123XYZ')
      .optional(),
  ),
  GA4_SCRIPT_URL: z.preprocess(blank, scriptUrl.optional()),
  UMAMI_SCRIPT_URL: z.preprocess(blank, scriptUrl.optional()),
  UMAMI_WEBSITE_ID: z.preprocess(blank, z.uuid('must be the website id Umami shows').optional()),
});

export class AnalyticsConfigError extends Error {
  override name = 'AnalyticsConfigError';
}

/** The providers an environment turns on; a malformed setting is an error naming it. */
export function analyticsFromEnv(
  env: Record<string, string | undefined> = process.env,
): AnalyticsProviders {
  const parsed = analyticsEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new AnalyticsConfigError(`Invalid analytics settings:\n${problems}`);
  }
  const settings = parsed.data;
  if (!!settings.UMAMI_SCRIPT_URL !== !!settings.UMAMI_WEBSITE_ID)
    throw new AnalyticsConfigError(
      'Invalid analytics settings:\n  UMAMI_SCRIPT_URL and UMAMI_WEBSITE_ID: set both or neither',
    );
  const providers: AnalyticsProviders = {};
  if (settings.METRIKA_COUNTER_ID)
    providers.metrika = {
      counterId: settings.METRIKA_COUNTER_ID,
      scriptUrl: settings.METRIKA_SCRIPT_URL ?? defaults.metrikaScript,
    };
  if (settings.GA4_MEASUREMENT_ID)
    providers.ga4 = {
      measurementId: settings.GA4_MEASUREMENT_ID,
      scriptUrl: settings.GA4_SCRIPT_URL ?? defaults.ga4Script,
    };
  if (settings.UMAMI_SCRIPT_URL && settings.UMAMI_WEBSITE_ID)
    providers.umami = {
      websiteId: settings.UMAMI_WEBSITE_ID,
      scriptUrl: settings.UMAMI_SCRIPT_URL,
    };
  return providers;
}

export function enabledProviders(providers: AnalyticsProviders): AnalyticsProviderId[] {
  return analyticsProviderIds.filter((id) => providers[id]);
}

/** Whether providers set cookies: Umami alone does not. */
export function setsCookies(providers: AnalyticsProviders): boolean {
  return !!providers.metrika || !!providers.ga4;
}

/**
 * The origins the Content Security Policy adds for the configured providers,
 * per directive; empty when none is on, so the policy stays as strict as it is.
 */
export function analyticsOrigins(providers: AnalyticsProviders): {
  script: string[];
  connect: string[];
  img: string[];
} {
  const script = new Set<string>();
  const connect = new Set<string>();
  const img = new Set<string>();
  for (const id of enabledProviders(providers)) {
    const url = providers[id]!.scriptUrl;
    const origin = new URL(url).origin;
    script.add(origin);
    connect.add(origin);
    img.add(origin);
    const known = knownOrigins[url];
    known?.connect.forEach((value) => connect.add(value));
    known?.img.forEach((value) => img.add(value));
  }
  return { script: [...script], connect: [...connect], img: [...img] };
}

/**
 * The providers this build's pages load, as the build compiled them in
 * (src/lib/builds/constants.ts): a page rendered per request reads them here,
 * since the server runs without the build's settings in its environment (the
 * container's run stage does not have them). Outside a build (tests, tools),
 * read from the environment as the build would.
 */
export function builtAnalyticsProviders(): AnalyticsProviders {
  const compiled = process.env.APP_ANALYTICS_PROVIDERS;
  return compiled ? (JSON.parse(compiled) as AnalyticsProviders) : analyticsFromEnv(process.env);
}
