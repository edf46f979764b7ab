import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
// axe-core is CommonJS: its `source` is a property of the default export under ESM.
import axe from 'axe-core';

/**
 * axe's findings on the page as it is now (or in `include`, a selector):
 * WCAG 2.2 AA and best practices.
 *
 * What a check costs is mostly not the check: measured on the home page on the
 * 2-core machine, a check took 2.3 s of which axe's rules ran for 0.5 s.
 * - Legacy mode runs axe once in the page itself. The default also opens a blank
 *   page per check to merge the results of cross-origin frames (2.9 s against
 *   1.7 s). The site has no frames, and `frame-tested` would name one that
 *   appeared unchecked.
 * - AxeBuilder evaluates axe-core's 0.5 MB source in the page twice per check,
 *   once in `analyze` and once more per frame. It is evaluated here once per
 *   loaded page, and the builder is handed a source that does nothing.
 * - Only violations are collected: the passing nodes (1,666 on the home page)
 *   were sent back from the page and thrown away (0.65 s).
 */
export async function violations(page: Page, { include }: { include?: string } = {}) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const builder = new AxeBuilder({ page, axeSource: ';' })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
