import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import { navigationProblem } from '@/lib/navigation/safe-url';

/**
 * Every link in content passes the safe-navigation check
 * (src/lib/navigation/safe-url.ts) while the site is built. Links to other sites are fine in an
 * article; a script protocol (`javascript:`, `data:` …) fails the build with
 * the link's text and line, where the sanitiser would only have dropped it.
 */
export function rehypeCheckLinks() {
  return (tree: Root) => {
    const problems: string[] = [];
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'a' || typeof node.properties.href !== 'string') return;
      const problem = navigationProblem(node.properties.href, { external: true });
      if (!problem) return;
      const line = node.position ? ` (line ${node.position.start.line})` : '';
      problems.push(`link "${toString(node)}"${line}: ${problem}`);
    });
    if (problems.length > 0) throw new Error(problems.join('; '));
  };
}
