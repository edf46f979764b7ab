import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

/** Where the links of a rendered Markdown tree go, in order. */
export function linkTargets(tree: Root): string[] {
  const hrefs: string[] = [];
  visit(tree, 'element', (node: Element) => {
    if (node.tagName === 'a' && typeof node.properties.href === 'string')
      hrefs.push(node.properties.href);
  });
  return hrefs;
}

/** How many elements of a tag (`h2`, say) a rendered Markdown tree holds. */
export function countElements(tree: Root, tag: string): number {
  let count = 0;
  visit(tree, 'element', (node: Element) => {
    if (node.tagName === tag) count += 1;
  });
  return count;
}
