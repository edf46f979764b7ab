import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';

export type OutlineEntry = { id: string; text: string; depth: 2 | 3 };

/** The h2 and h3 headings of a rendered body, for a table of contents. */
export function outlineOf(tree: Root): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  visit(tree, 'element', (node: Element) => {
    if (
      (node.tagName === 'h2' || node.tagName === 'h3') &&
      typeof node.properties.id === 'string'
    ) {
      entries.push({
        id: node.properties.id,
        text: toString(node).trim(),
        depth: node.tagName === 'h2' ? 2 : 3,
      });
    }
  });
  return entries;
}

/** Words a reader reads: code blocks and link targets left out. */
export function countWords(markdown: string): number {
  const prose = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#>*_`~|[\]-]/g, ' ');
  return prose.split(/\s+/).filter((word) => /\p{L}|\p{N}/u.test(word)).length;
}

/** Minutes to read, at a calm 200 words a minute; never less than one. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / 200));
}
