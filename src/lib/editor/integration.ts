import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * What the site adds around `keystatic()` from @keystatic/astro; astro.config.mjs
 * adds both to a build that has the editor, and neither to one that does not.
 *
 * - The editor's guard (./middleware.ts) in front of the routes Keystatic adds.
 *   It runs before the site's own middleware (src/middleware.ts), so a closed
 *   editor answers 404 before anything of the site is rendered for it.
 * - On the development server, pages show what the editor has just saved.
 *   Pages under a language list their addresses once (`getStaticPaths`), and
 *   Astro keeps that list until its own content changes; the site's content is
 *   files the site reads itself (content/), so without this a new article
 *   would be a 404 until the server restarts. The editor's own page is not
 *   reloaded: the next page asked for is rendered from the files as they are.
 */
export function siteEditor(): AstroIntegration {
  let contentDir = '';
  return {
    name: 'agency:editor',
    hooks: {
      'astro:config:setup': ({ addMiddleware, config }) => {
        addMiddleware({ entrypoint: new URL('./middleware.ts', import.meta.url), order: 'pre' });
        contentDir = fileURLToPath(new URL('content/', config.root));
      },
      'astro:server:setup': ({ server, logger }) => {
        server.watcher.add(contentDir);
        server.watcher.on('all', (_event, file) => {
          if (!path.resolve(file).startsWith(contentDir)) return;
          for (const [name, environment] of Object.entries(server.environments))
            if (name !== 'client') environment.hot.send('astro:content-changed', {});
          logger.debug(`content changed: ${path.relative(contentDir, file)}`);
        });
      },
    },
  };
}
