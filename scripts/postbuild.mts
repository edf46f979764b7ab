/**
 * After `next build`, for each prerendered page (and the standalone output's
 * copy of it, when there is one):
 *
 * 1. the Onest faces its language needs are preloaded before its stylesheet
 *    (src/lib/fonts/preload-links.ts, src/lib/fonts/preloads.ts);
 * 2. it gets a Content-Security-Policy `<meta>` tag that lists the SHA-256 of
 *    each of its inline scripts, so that no other inline script can run there
 *    (src/lib/security/headers.ts says why not a nonce).
 *
 * Next's own script loading is left as it is. Each rewrite fails the build
 * when the page lacks what it relies on (a `<head>`, a stylesheet, a face in
 * the stylesheet), so a change in Next's output cannot silently ship pages
 * without their policy or preloads. Runs again safely on the same build. Pages
 * rendered per request (the 404 page, a calculator link with choices in it)
 * keep the header policy. scripts/standalone.mts completes the standalone
 * folder afterwards.
 *
 *   tsx scripts/postbuild.mts [.next]
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { langCodes, type LangCode } from '../src/i18n/locales';
import { addFontPreloads } from '../src/lib/fonts/preload-links';
import { builtFontUrl, preloadedFonts } from '../src/lib/fonts/preloads';
import { analyticsFromEnv, analyticsOrigins } from '../src/lib/analytics/config';
import { addPagePolicy } from '../src/lib/security/page-policy';
import { errorMessage } from '../src/lib/errors';

const distDir = process.argv[2] ?? process.env.NEXT_DIST_DIR ?? '.next';
// The same settings as the build's: a page's own policy allows the analytics
// providers the build turned on, as the header does (next.config.ts).
const extraOrigins = analyticsOrigins(analyticsFromEnv());
// The standalone output (when configured) holds its own copy of the pages.
const roots = [
  path.join(distDir, 'server/app'),
  path.join(distDir, 'standalone', distDir, 'server/app'),
];

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(file);
    else if (entry.name.endsWith('.html')) yield file;
  }
}

const stylesheets = new Map<string, string>();
async function stylesheet(href: string): Promise<string> {
  let css = stylesheets.get(href);
  if (css === undefined) {
    css = await readFile(path.join(distDir, href.replace(/^\/_next\//, '')), 'utf8');
    stylesheets.set(href, css);
  }
  return css;
}

/** The built URLs of the faces a page's language preloads, found in the page's stylesheets. */
async function fontUrls(html: string, lang: LangCode): Promise<string[]> {
  const hrefs = [...html.matchAll(/<link rel="stylesheet" href="(\/_next\/static\/[^"]+\.css)"/g)];
  const sheets = await Promise.all(hrefs.map(([, href]) => stylesheet(href!)));
  return preloadedFonts[lang].map((file) => {
    const url = sheets.map((css) => builtFontUrl(css, file)).find(Boolean);
    if (!url) throw new Error(`no stylesheet of a ${lang} page declares ${file}`);
    return url;
  });
}

let pages = 0;
let preloaded = 0;
let scripts = 0;
for (const root of roots) {
  for await (const file of htmlFiles(root)) {
    try {
      let html = await readFile(file, 'utf8');
      const lang = path
        .relative(root, file)
        .split(path.sep)[0]
        ?.replace(/\.html$/, '');
      if (langCodes.includes(lang as LangCode)) {
        html = addFontPreloads(html, await fontUrls(html, lang as LangCode));
        preloaded += 1;
      }
      const { html: pinned, hashes } = addPagePolicy(html, extraOrigins);
      await writeFile(file, pinned);
      pages += 1;
      scripts += hashes.length;
    } catch (error) {
      console.error(`postbuild: ${file}: ${errorMessage(error)}`);
      process.exit(1);
    }
  }
}
if (pages === 0 || preloaded === 0) {
  console.error(`postbuild: no prerendered pages under ${roots[0]}; run next build first`);
  process.exit(1);
}
console.log(
  `postbuild: ${pages} pages; font preloads on ${preloaded}; ${scripts} inline scripts pinned by hash`,
);
