import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's findings on the page as it is now (or in `include`, a selector):
 * WCAG 2.2 AA and best practices.
 *
 * Legacy mode runs axe once in the page itself. The default opens a blank page
 * per check to merge the results of cross-origin frames, which cost about 1.3 s
 * a check on the CI machine, a third of the end-to-end suite's time; the site
 * has no frames, and `frame-tested` would name one that appeared unchecked.
 */
export async function violations(page: Page, { include }: { include?: string } = {}) {
  const builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode(true);
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
