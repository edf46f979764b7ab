/**
 * Post-build changes to a prerendered page that decide what its first paint
 * waits for (run by scripts/postbuild.mts; see "Budgets" in the README).
 *
 * Next.js puts every chunk of a page into `<head>` as `<script async>`. The
 * page is complete without them: it is rendered on the server, its links are
 * links and its forms post without JavaScript. But a browser fetches them
 * beside the stylesheet and fonts, and runs them as they come, before the first
 * paint when the network is fast. `deferChunkScripts` takes them out and adds
 * one inline loader that inserts them after the page has loaded and painted,
 * so on a slow connection the text shows first and the code follows. The web
 * app manifest link goes the same way: Chrome fetches a manifest as soon as it
 * sees the link, on a connection of its own, for nothing the page shows.
 */

const chunkScriptPattern =
  /<script src="(\/_next\/static\/chunks\/[^"]+\.js)" async=""><\/script>/g;
const chunkPreloadPattern =
  /<link rel="preload" as="script"(?: fetchPriority="low")? href="(\/_next\/static\/chunks\/[^"]+\.js)"\/>/g;
const manifestPattern = /<link rel="manifest" href="([^"]+)"\/>/;
const loaderMarker = 'data-deferred-chunks';

/**
 * The loader. It inserts the chunks (in their order; they are async scripts
 * either way) 100 ms after the window has loaded and two more frames have
 * been drawn (a paint reaches the screen a few frames after the code that
 * caused it has run, and the chunks should not compete with it), or at once
 * in a tab that is hidden (nothing to paint first), or after 3 s, whichever
 * comes first: a slow image must not hold the page's code back.
 */
export function chunkLoader(sources: string[], manifest?: string): string {
  const body =
    '(function(s,m){var d=0;function go(){if(d)return;d=1;if(m){var l=document.createElement("link");l.rel="manifest";l.href=m;document.head.appendChild(l)}s.forEach(function(u){var e=document.createElement("script");e.src=u;e.async=true;document.head.appendChild(e)})}' +
    'function later(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,100)})})}' +
    'if(document.visibilityState==="hidden")go();else{if(document.readyState==="complete")later();else addEventListener("load",later);' +
    'document.addEventListener("visibilitychange",function(){if(document.visibilityState==="hidden")go()});setTimeout(go,3000)}})' +
    `(${JSON.stringify(sources)}${manifest ? `,${JSON.stringify(manifest)}` : ''})`;
  return `<script ${loaderMarker}="">${body}</script>`;
}

/**
 * The page with its chunk scripts (and their preloads) and its manifest link
 * added by the loader instead.
 */
export function deferChunkScripts(html: string): {
  html: string;
  sources: string[];
  manifest?: string;
} {
  const sources: string[] = [];
  let result = html.replace(chunkScriptPattern, (_, source: string) => {
    sources.push(source);
    return '';
  });
  if (sources.length === 0) return { html, sources };
  result = result.replace(chunkPreloadPattern, (tag, source: string) =>
    sources.includes(source) ? '' : tag,
  );
  const manifest = manifestPattern.exec(result)?.[1];
  if (manifest) result = result.replace(manifestPattern, '');
  const closeHead = result.indexOf('</head>');
  if (closeHead < 0) return { html, sources: [] };
  return {
    html: `${result.slice(0, closeHead)}${chunkLoader(sources, manifest)}${result.slice(closeHead)}`,
    sources,
    manifest,
  };
}

/**
 * The page with a `<link rel="preload">` for each font URL, placed before its
 * stylesheets so the fonts and the CSS travel together; a URL already
 * preloaded is not added twice.
 */
export function addFontPreloads(html: string, urls: string[]): string {
  const links = urls
    .map((url) => `<link rel="preload" as="font" type="font/woff2" crossorigin="" href="${url}"/>`)
    .filter((link) => !html.includes(link))
    .join('');
  if (!links) return html;
  const stylesheet = html.indexOf('<link rel="stylesheet"');
  const closeHead = html.indexOf('</head>');
  const at = stylesheet >= 0 && stylesheet < closeHead ? stylesheet : closeHead;
  if (at < 0) return html;
  return `${html.slice(0, at)}${links}${html.slice(at)}`;
}
