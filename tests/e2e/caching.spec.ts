import { cacheControl } from '@/lib/http/cache-headers';
import { expect, test } from './support/fixtures';

/**
 * What a CDN in front may keep, and for how long (docs/deploy.md): hashed
 * files for a year, prerendered pages briefly with stale-while-revalidate,
 * public files an hour, answers of the API and the language redirect never.
 */
test('each kind of response says how it may be cached', async ({ page, request }) => {
  const response = await page.goto('/ru/services/web');
  expect(response?.headers()['cache-control']).toBe(cacheControl.page);

  const assets = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\/_astro\/.+\.(js|css|woff2)$/.test(name)),
  );
  expect(assets.length).toBeGreaterThan(3);
  for (const asset of assets.slice(0, 6)) {
    const answer = await request.get(asset);
    expect(answer.headers()['cache-control'], asset).toBe(cacheControl.immutable);
  }

  expect((await request.get('/icon.svg')).headers()['cache-control']).toBe(cacheControl.publicFile);
  for (const path of ['/api/health', '/api/leads/token']) {
    expect((await request.get(path)).headers()['cache-control'], path).toBe(cacheControl.noStore);
  }
  const redirect = await request.get('/', { maxRedirects: 0 });
  expect(redirect.status()).toBe(307);
  expect(redirect.headers()['cache-control']).toBe('private, no-store');
});
