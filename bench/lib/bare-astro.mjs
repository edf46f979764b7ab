/**
 * The bare Astro pages of `npm run bench`, built with the project's own Astro
 * and @astrojs/react in bench/.bare-astro (git-ignored):
 *
 * - `/`: one page with one button that works by a small script, the way the
 *   site's header works (markup first, a few lines of script). It is the
 *   floor an Astro page can reach: its first paint and Lighthouse score say
 *   what this machine allows in this run.
 * - `/island`: the same button as a React island (`client:load`), the least
 *   an island of the site costs (React's runtime and Astro's island loader).
 *
 * Served as the site serves its built files: compressed ahead with brotli and
 * gzip, hashed assets cached for good.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import sirv from 'sirv';

const head = (title) => `<meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <meta name="description" content="${title}: one button, nothing else." />`;

const files = {
  'astro.config.mjs': `import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
export default defineConfig({
  output: 'static',
  build: { format: 'file' },
  integrations: [react()],
  devToolbar: { enabled: false },
  cacheDir: './.cache',
});
`,
  // Its own, so the project's tsconfig (paths, plugins) is not taken for this one.
  'tsconfig.json': '{ "compilerOptions": { "jsx": "react-jsx", "strict": true } }\n',
  'src/pages/index.astro': `<html lang="en">
  <head>
    ${head('A bare Astro page')}
  </head>
  <body>
    <main>
      <h1>A bare Astro page</h1>
      <button type="button" id="toggle" aria-expanded="false">Menu</button>
      <p>Nothing else.</p>
    </main>
    <script>
      const button = document.getElementById('toggle');
      button.addEventListener('click', () => {
        const panel = document.getElementById('panel');
        if (panel) panel.remove();
        else button.insertAdjacentHTML('afterend', '<nav id="panel">Panel</nav>');
        button.setAttribute('aria-expanded', String(!panel));
      });
    </script>
  </body>
</html>
`,
  'src/pages/island.astro': `---
import { Toggle } from '../toggle.jsx';
---
<html lang="en">
  <head>
    ${head('A bare Astro page with a React island')}
  </head>
  <body>
    <main>
      <h1>A bare Astro page with a React island</h1>
      <Toggle client:load />
      <p>Nothing else.</p>
    </main>
  </body>
</html>
`,
  'src/toggle.jsx': `import { useState } from 'react';
export function Toggle() {
  const [open, setOpen] = useState(false);
  return (<>
    <button type="button" id="toggle" aria-expanded={open} onClick={() => setOpen(!open)}>Menu</button>
    {open ? <nav id="panel">Panel</nav> : null}
  </>);
}
`,
};

/** Every file under `dir`. */
function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(file);
    else yield file;
  }
}

/** Builds the pages in `root`/bench/.bare-astro with the project's Astro; returns the built folder. */
export function buildBareAstro(root, { log = () => {} } = {}) {
  const dir = path.join(root, 'bench/.bare-astro');
  rmSync(dir, { recursive: true, force: true });
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  log('building the bare Astro pages …');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--root', dir],
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    },
  );
  if (result.status !== 0) throw new Error('the bare Astro pages did not build');
  const out = path.join(dir, 'dist');
  for (const file of walk(out)) {
    if (!/\.(?:html|css|js|svg)$/.test(file)) continue;
    const bytes = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
  }
  return out;
}

/** Serves the built pages on `port`. */
export async function startBareAstro(out, port) {
  const serve = sirv(out, {
    brotli: true,
    gzip: true,
    etag: true,
    setHeaders(response, pathname) {
      response.setHeader(
        'cache-control',
        pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const server = http.createServer((request, response) =>
    serve(request, response, () => {
      response.statusCode = 404;
      response.end('Not found');
    }),
  );
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
