import type { Element, Root, RootContent } from 'hast';

type Parent = Root | Element;

function normalize(node: Parent) {
  const children: RootContent[] = [];
  for (const child of node.children) {
    // The highlighter hands back its HTML as a nested root: lift its children up.
    if ((child.type as string) === 'root') {
      const nested = child as unknown as Root;
      normalize(nested);
      children.push(...nested.children);
      continue;
    }
    if (child.type === 'element') {
      // …and writes `class` where hast says `className`.
      const { class: klass, ...properties } = child.properties as Record<string, unknown>;
      if (typeof klass === 'string') {
        child.properties = { ...properties, className: klass.split(/\s+/).filter(Boolean) };
      }
      normalize(child);
    }
    children.push(child);
  }
  node.children = children;
}

/** Makes the highlighter's output an ordinary hast tree, as the rest of the pipeline writes it. */
export function rehypeNormalize() {
  return (tree: Root) => normalize(tree);
}
