import type { Plugin } from 'vite';

const empty = '\0agency:server-only';

/**
 * The fence around server code. Every module under src/server starts with
 * `import 'server-only'`. In the server build that import is an empty module;
 * in the browser build it stops the build, naming the module that pulled
 * server code into a page's script (secrets, the database, content loaders
 * never reach a visitor).
 */
export function serverOnly(): Plugin {
  return {
    name: 'agency:server-only',
    enforce: 'pre',
    resolveId(id, importer, options) {
      if (id !== 'server-only') return null;
      // The development server's dependency scan looks at every import, server code's too.
      const scan = (options as { scan?: boolean } | undefined)?.scan === true;
      if (options?.ssr || scan) return empty;
      this.error(
        `Server code in the browser: ${importer ?? 'a module'} imports 'server-only', and a page's script imports it.`,
      );
    },
    load(id) {
      return id === empty ? 'export {};' : null;
    },
  };
}
