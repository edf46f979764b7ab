import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

/** The page title is the page's only h1, so a `#` heading in a body becomes an h2. */
export function rehypeDemoteH1() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName === 'h1') node.tagName = 'h2';
    });
  };
}

const sectionHeading = /^h[2-6]$/;

/**
 * Makes every section heading a link to itself, so a reader can copy the address
 * of a section. The link's name is the heading's own text.
 */
export function rehypeHeadingAnchors() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      const id = node.properties.id;
      if (!sectionHeading.test(node.tagName) || typeof id !== 'string') return;
      node.children = [
        {
          type: 'element',
          tagName: 'a',
          properties: { href: `#${id}`, className: ['heading-anchor'] },
          children: node.children,
        },
      ];
    });
  };
}
