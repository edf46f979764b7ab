/**
 * The parts of a page's HTML that search engines and link previews read,
 * taken from the markup as served (Astro writes it in a regular form).
 */

export type Attributes = Record<string, string>;

export type PageHead = {
  title: string | null;
  metas: Attributes[];
  links: Attributes[];
  jsonLd: unknown[];
  h1Count: number;
  /** The text of the first h1, tags taken out and white space collapsed. */
  h1: string | null;
  lang: string | null;
};

const entities: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

export const decode = (text: string) =>
  text.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => entities[entity]!);

const textOf = (markup: string | undefined) =>
  markup === undefined
    ? null
    : decode(markup.replace(/<!--[\s\S]*?-->|<[^>]*>/g, ''))
        .replace(/\s+/g, ' ')
        .trim();

function attributesOf(tag: string): Attributes {
  const attributes: Attributes = {};
  for (const [, name, value] of tag.matchAll(/([\w:-]+)="([^"]*)"/g)) {
    attributes[name!.toLowerCase()] = decode(value!);
  }
  return attributes;
}

export function parseHead(html: string): PageHead {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1];
  return {
    title: title === undefined ? null : decode(title),
    metas: [...head.matchAll(/<meta\s[^>]*>/g)].map(([tag]) => attributesOf(tag)),
    links: [...head.matchAll(/<link\s[^>]*>/g)].map(([tag]) => attributesOf(tag)),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      ([, json]) => JSON.parse(json!) as unknown,
    ),
    h1Count: html.match(/<h1[\s>]/g)?.length ?? 0,
    h1: textOf(/<h1[\s>][\s\S]*?<\/h1>/.exec(html)?.[0]),
    lang: /<html[^>]*\slang="([^"]*)"/.exec(html)?.[1] ?? null,
  };
}

export const metaContent = (head: PageHead, key: string): string[] =>
  head.metas
    .filter((meta) => meta.name === key || meta.property === key)
    .map((meta) => meta.content ?? '');

/** The `@type`s in a page's JSON-LD graphs, each node once. */
export function jsonLdNodes(head: PageHead): Array<Record<string, unknown>> {
  return head.jsonLd.flatMap((block) => {
    const graph = (block as { '@graph'?: unknown[] })['@graph'];
    return (graph ?? [block]) as Array<Record<string, unknown>>;
  });
}
