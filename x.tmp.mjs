import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
let t = Date.now(); const lap = (s) => { const n = Date.now(); console.log(s, n - t); t = n; };
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-background-networking','--disable-component-update'] });
lap('launch');
for (const path of ['/en/blog', '/en/services/web', '/en/cases/steppe-bean-shop']) {
  const c = await b.newContext({ viewport: { width: 375, height: 740 } }); lap('context');
  const p = await c.newPage(); lap('page');
  await p.goto('http://localhost:3000' + path); lap('goto ' + path);
  await p.locator('html[data-hydrated]').waitFor({ state: 'attached' }); lap('hydrated');
  await p.evaluate(() => document.documentElement.scrollWidth); lap('eval');
  const r = await new AxeBuilder({ page: p }).withTags(['wcag2a','wcag2aa','wcag21a','wcag21aa','wcag22aa','best-practice']).setLegacyMode(true).include('main').analyze(); lap('axe main ' + r.violations.length);
  const r2 = await new AxeBuilder({ page: p }).withTags(['wcag2a','wcag2aa','wcag21a','wcag21aa','wcag22aa','best-practice']).setLegacyMode(true).analyze(); lap('axe page ' + r2.violations.length);
  await c.close(); lap('close');
}
await b.close();
