import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
// axe-core is CommonJS: its `source` is a property of the default export under ESM.
import axe from 'axe-core';

/**
 * axe's findings on the page as it is now (or in `include`, a selector):
 * WCAG 2.2 AA and best practices.
 *
 * What a check costs is mostly not the check but what surrounds it:
 * - Legacy mode runs axe once in the page itself. The default also opens a blank
 *   page per check to merge the results of cross-origin frames. The site has no
 *   frames, and `frame-tested` would name one that appeared unchecked.
 * - AxeBuilder evaluates axe-core's 0.5 MB source in the page twice per check,
 *   once in `analyze` and once more per frame. It is evaluated here once per
 *   loaded page, and the builder is handed a source that does nothing.
 * - Only violations are collected: the passing nodes (over a thousand on the
 *   home page) would be sent back from the page and thrown away.
 *
 * A state that was just reached may still be fading in (a menu's opacity
 * transition): axe blends half-transparent text with what is behind it and
 * would report a contrast the visitor sees for 150 ms. The check waits for the
 * page's finite animations and transitions to end first.
 */
export async function violations(page: Page, { include }: { include?: string } = {}) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity,
        )
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
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
