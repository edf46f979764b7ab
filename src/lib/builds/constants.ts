import { randomBytes } from 'node:crypto';
import { env as siteEnv } from '../../env';
import { analyticsFromEnv, analyticsOrigins, enabledProviders } from '../analytics/config';

type Env = Record<string, string | undefined>;

/**
 * What the build compiles into the pages and the server (astro.config.mjs):
 *
 * - the build's id: `BUILD_ID` from the environment when the deploy names its
 *   builds (a commit hash, say), else made up now. A page knows its own build
 *   by it, and learns of a newer one from `/_app/builds/latest.json`;
 * - when it was made;
 * - whether some analytics provider is on: without one, the goal calls
 *   compile to nothing; the origins the security policy allows them; and
 *   the providers, for the pages rendered per request;
 * - the public address the pages are written with.
 */
export function buildConstants(env: Env): Record<string, string> {
  const id = env.BUILD_ID?.trim() || `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const providers = analyticsFromEnv(env);
  const analytics = enabledProviders(providers).length > 0;
  return {
    'process.env.APP_BUILD_ID': JSON.stringify(id),
    'process.env.APP_BUILD_TIME': JSON.stringify(String(Date.now())),
    // The public address the pages built ahead are written with (SITE_URL, or
    // the local one on the build's PORT), for the pages rendered per request.
    'process.env.APP_SITE_URL': JSON.stringify(siteEnv.SITE_URL),
    'process.env.APP_ANALYTICS': JSON.stringify(analytics ? '1' : ''),
    'process.env.APP_ANALYTICS_ORIGINS': JSON.stringify(
      JSON.stringify(analyticsOrigins(providers)),
    ),
    // The providers themselves (all public: their pages load them), for the
    // pages rendered per request: the privacy policy lists them, the footer's
    // consent settings offer them.
    'process.env.APP_ANALYTICS_PROVIDERS': JSON.stringify(JSON.stringify(providers)),
  };
}
