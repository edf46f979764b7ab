/**
 * What a page's HTML carries besides the page itself: the serialized props of
 * its islands and any other framework data (inline JSON that is not JSON-LD,
 * Next.js's `self.__next_f` pushes), its inline scripts, and which islands it
 * has.
 */

const decode = (value) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

const attribute = (tag, name) =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ??
  new RegExp(`\\s${name}(?=[\\s>])`).exec(tag)?.[0];

/** Bytes of `html` by what they carry. */
export function analyseHtml(html) {
  const bytes = (text) => Buffer.byteLength(text);
  let propsBytes = 0;
  const islands = [];
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const props = /\sprops="[^"]*"/.exec(tag)?.[0];
    if (props) propsBytes += bytes(props);
    let name = 'unknown';
    try {
      name = JSON.parse(decode(attribute(tag, 'opts') ?? '{}')).name ?? name;
    } catch {
      // an island without readable options keeps the name "unknown"
    }
    islands.push({
      name,
      client: attribute(tag, 'client') ?? '',
      propsBytes: props ? bytes(props) : 0,
    });
  }
  let dataBytes = 0;
  let inlineScriptBytes = 0;
  for (const [tag, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const type = /\btype="([^"]*)"/.exec(attributes)?.[1] ?? '';
    if (/\bsrc=/.test(attributes) || type === 'application/ld+json') continue;
    if (/json/.test(type) || /^\s*self\.__next_f/.test(body)) dataBytes += bytes(tag);
    else inlineScriptBytes += bytes(body);
  }
  const htmlBytes = bytes(html);
  return {
    htmlRawBytes: htmlBytes,
    propsBytes,
    frameworkDataBytes: dataBytes,
    dataShare: (propsBytes + dataBytes) / htmlBytes,
    inlineScriptBytes,
    islands,
  };
}

/**
 * The module files `source` imports statically (`import … from "…"`,
 * `import "…"`, `export … from "…"`), resolved against `url`. Dynamic
 * `import()` is left out: it loads when the code asks for it.
 */
export function staticImports(source, url) {
  const found = new Set();
  const pattern = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'`]([^"'`\s]+\.m?js)["'`]/g;
  for (const [, specifier] of source.matchAll(pattern)) {
    if (!/^(?:\.{1,2}\/|\/|https?:)/.test(specifier)) continue;
    found.add(new URL(specifier, url).href);
  }
  return [...found];
}
