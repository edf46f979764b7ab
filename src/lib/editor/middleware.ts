import type { MiddlewareHandler } from 'astro';
import { editorHeaders } from '@/lib/security/headers';
import { logger } from '@/server/log';
import { editorStorage, secretsTheEditorLacks, type EditorStorage } from './storage';

/**
 * The guard in front of the content editor's routes, which @keystatic/astro
 * adds (the page /keystatic/… and its API /api/keystatic/…) to a build that
 * has the editor (astro.config.mjs, ./integration.ts).
 *
 * - A production server in GitHub mode without the GitHub App's secrets
 *   cannot sign anyone in: both routes answer 404, as in a build without the
 *   editor, and the log names the secrets it lacks (once, at the first request).
 *   The 404 is an empty response, which Astro answers with the site's own 404
 *   page (the catch-all route, rendered for the address asked for).
 * - Otherwise its answers are never indexed or cached, and in production the
 *   page carries the editor's security policy instead of the site's (it shows
 *   the pictures it uploads from blob: URLs and, in GitHub mode, talks to
 *   GitHub's API): the site's server sets its own headers first, and the ones
 *   a response carries win. The development server has no site policy to
 *   replace, and there Keystatic's GitHub App setup posts a form to github.com,
 *   which the editor's policy would refuse.
 */

/** The routes @keystatic/astro injects, as Astro names them. */
const pageRoute = '/keystatic/[...params]';
const apiRoute = '/api/keystatic/[...params]';

export function editorMiddleware({
  dev,
  storage = editorStorage(),
  env = process.env,
}: {
  dev: boolean;
  storage?: EditorStorage;
  env?: Record<string, string | undefined>;
}): MiddlewareHandler {
  let reported = false;
  return async (context, next) => {
    const route = context.routePattern;
    if (route !== pageRoute && route !== apiRoute) return next();

    const missing = secretsTheEditorLacks({ dev, storage, env });
    if (missing.length > 0) {
      if (!reported) {
        reported = true;
        logger.error(
          { missing },
          'content editor: GitHub mode lacks its secrets; /keystatic answers 404 (docs/editing.md)',
        );
      }
      return new Response(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
    }

    const response = await next();
    const headers = editorHeaders({ dev }).filter(
      ({ key }) => key !== 'Content-Security-Policy' || (!dev && route === pageRoute),
    );
    try {
      for (const { key, value } of headers) response.headers.set(key, value);
      return response;
    } catch {
      // A redirect made with Response.redirect() has headers that cannot change.
      const copy = new Response(response.body, response);
      for (const { key, value } of headers) copy.headers.set(key, value);
      return copy;
    }
  };
}

export const onRequest = editorMiddleware({ dev: import.meta.env.DEV });
