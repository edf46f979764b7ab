import { z } from 'zod';

/**
 * Settings read from the environment, checked once. A malformed value stops the
 * build or the start with a message that names it.
 */
const envSchema = z.object({
  /** The public address of the site: canonical links, the RSS feed, the sitemap. */
  SITE_URL: z
    .url({
      protocol: /^https?$/,
      message: 'SITE_URL must be an http(s) address such as https://agency.example',
    })
    .default('http://localhost:3000')
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
