import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe's findings on the page as it is now: WCAG 2.2 AA and best practices. */
export async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
