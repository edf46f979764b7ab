import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's findings on the page as it is now (or in `include`, a selector):
 * WCAG 2.2 AA and best practices.
 *
 * Legacy mode runs axe once in the page itself. The default also opens a blank
 * page per check to merge the results of cross-origin frames: on the 2-core CI
 * machine a check of the home page took 2.9 s that way and takes 1.7 s now. The
 * site has no frames, and `frame-tested` would name one that appeared unchecked.
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
