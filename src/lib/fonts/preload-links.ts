/**
 * Font preloads for a prerendered page (added by scripts/postbuild.mts; see
 * "Budgets" in the README). next/font preloads the faces a layout imports on
 * every page under it, so one `[lang]` layout would preload every language's
 * faces; the post-build step adds, per page, only the faces its language needs
 * (src/lib/fonts/preloads.ts). React's `preload()` cannot do it from the
 * layout: the built URLs carry a hash only the stylesheet knows.
 */

/**
 * The page with a `<link rel="preload">` for each font URL, placed before its
 * first stylesheet so the fonts and the CSS travel together; a URL already
 * preloaded is not added twice. Throws when the page has no stylesheet in its
 * `<head>`: the build would otherwise ship a page without its preloads unnoticed.
 */
export function addFontPreloads(html: string, urls: string[]): string {
  const stylesheet = html.indexOf('<link rel="stylesheet"');
  const closeHead = html.indexOf('</head>');
  if (stylesheet < 0 || closeHead < 0 || stylesheet > closeHead)
    throw new Error('no <link rel="stylesheet"> in <head> to put the font preloads before');
  const links = urls
    .map((url) => `<link rel="preload" as="font" type="font/woff2" crossorigin="" href="${url}"/>`)
    .filter((link) => !html.includes(link))
    .join('');
  if (!links) return html;
  return `${html.slice(0, stylesheet)}${links}${html.slice(stylesheet)}`;
}
