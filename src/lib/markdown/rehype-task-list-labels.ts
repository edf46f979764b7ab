import type { Element, ElementContent, Root } from 'hast';
import { visit } from 'unist-util-visit';

const blockTags = new Set(['ul', 'ol', 'p', 'div', 'blockquote', 'pre', 'table']);

function isCheckbox(node: ElementContent): node is Element {
  return node.type === 'element' && node.tagName === 'input' && node.properties.type === 'checkbox';
}

/**
 * A GFM task list item is a bare checkbox followed by its text, which leaves the
 * checkbox without an accessible name. Wrapping both in a <label> names it by
 * its own text, so a screen reader says "Set up redirects, checkbox, checked".
 */
export function rehypeTaskListLabels() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      const index = node.children.findIndex(isCheckbox);
      if (index === -1 || !['li', 'p'].includes(node.tagName)) return;
      let end = index + 1;
      while (end < node.children.length) {
        const child = node.children[end]!;
        if (child.type === 'element' && blockTags.has(child.tagName)) break;
        end += 1;
      }
      const label: Element = {
        type: 'element',
        tagName: 'label',
        properties: {},
        children: node.children.slice(index, end),
      };
      node.children.splice(index, end - index, label);
    });
  };
}
