/**
 * The security headers of every response (docs/architecture.md, "Security headers").
 *
 * Pages are built ahead, so a per-request nonce is not possible. The header
 * policy, the same on every answer, therefore allows inline scripts, and each
 * page carries a second, stricter policy in a `<meta>` tag that Astro writes
 * (`security.csp` in astro.config.mjs): its `script-src` lists the SHA-256 of
 * each of the page's inline scripts (the islands' loader) and the sources of
 * `pageScriptSources`. A browser enforces both, so on a page only the site's own
 * script files, the analytics providers' (when configured) and those exact
 * inline scripts run; the pages rendered per request get theirs the same way.
 */

import type { analyticsOrigins } from '@/lib/analytics/config';

/** The origins the configured analytics providers need (none by default). */
export type ExtraOrigins = ReturnType<typeof analyticsOrigins>;
const none: ExtraOrigins = { script: [], connect: [], img: [] };

/** Directives shared by the header and the per-page policy. */
export const baseDirectives = {
  'default-src': ["'self'"],
  // Radix's scroll lock writes a <style> element while the menu drawer is open.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'"],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'worker-src': ["'self'"],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  // The chat buttons are forms that the site answers with a redirect to the
  // chat (src/server/leads/messenger.ts); a browser holds the redirect to this
  // list too (wa.me sends on to api.whatsapp.com).
  'form-action': ["'self'", 'https://wa.me', 'https://api.whatsapp.com', 'https://t.me'],
} as const;

type Directives = Record<string, readonly string[]>;

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/**
 * The policy sent as a header on every response. `next dev` also needs
 * `eval`, which React uses there to rebuild server stacks in the browser.
 */
export function headerPolicy({
  dev = false,
  extra = none,
}: { dev?: boolean; extra?: ExtraOrigins } = {}): string {
  return serializePolicy({
    ...baseDirectives,
    'img-src': [...baseDirectives['img-src'], ...extra.img],
    'connect-src': [...baseDirectives['connect-src'], ...extra.connect],
    'script-src': ["'self'", "'unsafe-inline'", ...extra.script, ...(dev ? ["'unsafe-eval'"] : [])],
    // Only a header can say this; a <meta> policy cannot.
    'frame-ancestors': ["'none'"],
  });
}

/** The sources besides its own inline scripts' hashes that a page's `<meta>` policy allows scripts from. */
export function pageScriptSources(extra: ExtraOrigins = none): string[] {
  return ["'self'", ...extra.script];
}

/** Browser features the site does not use, turned off for it and anything it embeds. */
const disabledFeatures = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

export const permissionsPolicy = [
  ...disabledFeatures.map((feature) => `${feature}=()`),
  // "Copy link" in the calculator writes the address to the clipboard.
  'clipboard-write=(self)',
  'fullscreen=(self)',
].join(', ');

export type Header = { key: string; value: string };

export const securityHeaders = ({
  dev = false,
  extra = none,
}: { dev?: boolean; extra?: ExtraOrigins } = {}): Header[] => [
  { key: 'Content-Security-Policy', value: headerPolicy({ dev, extra }) },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: permissionsPolicy },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

/** Sent only over HTTPS (told by the proxy in front): over plain HTTP it would mean nothing. */
export const hstsHeader: Header = {
  key: 'Strict-Transport-Security',
  value: 'max-age=31536000; includeSubDomains',
};

/**
 * The content editor's page (/keystatic): the site's policy, plus what the
 * editor needs to preview the pictures it uploads (blob: and data: URLs) and,
 * in GitHub mode, to talk to GitHub's API and show editors' avatars. It is
 * never indexed or cached.
 */
export const editorHeaders = ({ dev = false }: { dev?: boolean } = {}): Header[] => [
  {
    key: 'Content-Security-Policy',
    value: serializePolicy({
      ...baseDirectives,
      'img-src': ["'self'", 'blob:', 'data:', 'https://avatars.githubusercontent.com'],
      'connect-src': ["'self'", 'https://api.github.com'],
      'worker-src': ["'self'", 'blob:'],
      'script-src': ["'self'", "'unsafe-inline'", ...(dev ? ["'unsafe-eval'"] : [])],
      'frame-ancestors': ["'none'"],
    }),
  },
  { key: 'X-Robots-Tag', value: 'noindex, nofollow' },
  { key: 'Cache-Control', value: 'no-store' },
];

/**
 * The analytics providers' origins of this build: compiled in when the site is
 * built (src/lib/builds/constants.ts, scripts/build-server.mts), like the
 * pages that load them. None in code that was not built (tests, scripts).
 */
export function builtAnalyticsOrigins(): ExtraOrigins {
  const compiled = process.env.APP_ANALYTICS_ORIGINS;
  const origins = compiled ? (JSON.parse(compiled) as ExtraOrigins) : none;
  // The browser's error reports, which go with analytics consent, when the
  // build set them up (src/lib/monitoring/build-config.ts): their service's origin.
  const errorReports = process.env.APP_ERROR_TRACKING_ORIGIN;
  return errorReports ? { ...origins, connect: [...origins.connect, errorReports] } : origins;
}

/**
 * A page rendered per request gets its own policy from Astro as a header (the
 * hashes of its inline scripts), which takes the place of the header the
 * site's server sets on every answer. The site's policy is added beside it:
 * a header may hold several policies, separated by commas, and a browser
 * enforces each, as it does the header and `<meta>` of a page built ahead.
 */
export function withSitePolicy(response: Response, extra: ExtraOrigins = none): Response {
  const own = response.headers.get('content-security-policy');
  if (!own) return response;
  try {
    response.headers.set('content-security-policy', `${own}, ${headerPolicy({ extra })}`);
  } catch {
    // A response whose headers are fixed (a redirect) carries no page.
  }
  return response;
}
