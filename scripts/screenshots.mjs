#!/usr/bin/env node
/**
 * Full-page screenshots of a running site for a visual check:
 *   node scripts/screenshots.mjs [baseUrl] [path ...]
 * Every path is taken in every language at 375, 768, 959, 960 and 1440 px and saved
 * under screenshots/ as <lang>-<path>-<width>.png, in the tests' Chromium (scripts/chromium.mjs).
 */
import { mkdir } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { chromiumPath } from './chromium.mjs';

const [base = 'http://localhost:3000', ...argPaths] = process.argv.slice(2);
const paths = argPaths.length ? argPaths : ['', '/contacts', '/services/web', '/blog', '/privacy'];
const langs = (process.env.LANGS ?? 'ru,en,kz,ua').split(',');
const widths = (process.env.WIDTHS ?? '375,768,959,960,1440').split(',').map(Number);

await mkdir('screenshots', { recursive: true });
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ['--no-sandbox', '--disable-background-networking'],
});
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const lang of langs) {
    for (const path of paths) {
      await page.goto(`${base}/${lang}${path}`, { waitUntil: 'networkidle' });
      // Scroll through once so lazily loaded pictures are in the full-page shot.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 60));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      const name = `${lang}${path.replaceAll('/', '-') || '-home'}-${width}.png`;
      await page.screenshot({ path: `screenshots/${name}`, fullPage: process.env.FULL !== '0' });
      console.log(name);
    }
  }
  await page.close();
}
await browser.close();
