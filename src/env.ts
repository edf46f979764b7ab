import { z } from 'zod';

/**
 * Settings read from the environment, checked once. A malformed value stops the
 * build or the start with a message that names it.
 */
/** The port `npm start` listens on (PORT, else 3000): the default public address follows it. */
function listeningPort(): number {
  const port = Number(process.env.PORT);
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : 3000;
}

const envSchema = z.object({
  /**
   * The public address of the site: canonical links, the RSS feed, the sitemap.
   * Unset, the server's own address on this machine, port included. Pages are
   * written at build: set the same PORT (or SITE_URL) for `npm run build`.
   */
  SITE_URL: z
    .url({
      protocol: /^https?$/,
      message: 'SITE_URL must be an http(s) address such as https://agency.example',
    })
    .default(`http://localhost:${listeningPort()}`)
    .transform((url) => url.replace(/\/+$/, '')),
});

const parsed = envSchema.safeParse(process.env);
if (!parsed.success) {
  const problems = parsed.error.issues
    .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    .join('\n');
  throw new Error(`Invalid environment:\n${problems}`);
}

export const env = parsed.data;

/**
 * The address the pages built ahead were written with. The build compiles it
 * in (src/lib/builds/constants.ts), so that a page rendered per request (the
 * privacy policy, the consent) names itself, its other languages and the
 * agency by the same address as the pages beside it, even on a server started
 * with another PORT than the build's. Outside a build, SITE_URL.
 */
export const pagesSiteUrl: string = process.env.APP_SITE_URL || env.SITE_URL;
