import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

export type ImageSize = { width: number; height: number };
/** Looks up the size of an image the site serves itself; throws for anything else. */
export type ImageSizeResolver = (src: string) => ImageSize;

/**
 * Gives every image its width and height, so the page does not shift when it
 * arrives, and lets the browser load it lazily: body images are below the fold.
 */
export function rehypeImages(resolve: ImageSizeResolver) {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'img') return;
      const src = String(node.properties.src ?? '');
      const { width, height } = resolve(src);
      node.properties.width = width;
      node.properties.height = height;
      node.properties.loading = 'lazy';
      node.properties.decoding = 'async';
    });
  };
}
