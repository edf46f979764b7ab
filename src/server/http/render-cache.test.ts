import { describe, expect, it } from 'vitest';
import { createRenderCache } from './render-cache';

const html = (text: string, init: ResponseInit = {}) =>
  new Response(`<!doctype html><p>${text}</p>`, {
    status: 200,
    headers: {
      'content-type': 'text/html',
      'cache-control': 'public, max-age=0',
      'set-cookie': 'visitor=1',
    },
    ...init,
  });
const at = (address: string) => new URL(address, 'http://localhost');

describe('the priced pages kept once rendered', () => {
  it('answers the same address and currency again, with the page’s headers only', async () => {
    const cache = createRenderCache();
    const first = await cache.keep(at('/ru/services/web'), 'KZT', html('₸ 500 000'));
    expect(await first.text()).toBe('<!doctype html><p>₸ 500 000</p>');
    const again = cache.get(at('/ru/services/web'), 'KZT', 'GET')!;
    expect(again.status).toBe(200);
    expect(await again.text()).toBe('<!doctype html><p>₸ 500 000</p>');
    expect(again.headers.get('cache-control')).toBe('public, max-age=0');
    // What was said to one visitor is not said to the next.
    expect(again.headers.get('set-cookie')).toBeNull();
    // Another currency or page is rendered anew.
    expect(cache.get(at('/ru/services/web'), 'UAH', 'GET')).toBeUndefined();
    expect(cache.get(at('/ru/services/seo'), 'KZT', 'GET')).toBeUndefined();
    // HEAD: the headers without the page.
    expect(await cache.get(at('/ru/services/web'), 'KZT', 'HEAD')!.text()).toBe('');
  });

  it('keeps the plain address and the one naming the currency, apart; nothing with another query', async () => {
    const cache = createRenderCache();
    await cache.keep(at('/ru?currency=KZT'), 'KZT', html('from the address'));
    expect(cache.get(at('/ru'), 'KZT', 'GET')).toBeUndefined();
    expect(await cache.get(at('/ru?currency=KZT'), 'KZT', 'GET')!.text()).toContain('address');
    for (const address of ['/ru?utm_source=ads', '/ru/calculator?type=shop&currency=KZT']) {
      await cache.keep(at(address), 'KZT', html('not kept'));
      expect(cache.get(at(address), 'KZT', 'GET')).toBeUndefined();
    }
    expect(cache.size).toBe(1);
  });

  it('keeps no failure, nothing but a page, and no more pages than its limit', async () => {
    const cache = createRenderCache(2);
    const failed = await cache.keep(at('/ru'), 'KZT', html('error', { status: 500 }));
    expect(failed.status).toBe(500);
    await cache.keep(
      at('/ru'),
      'UAH',
      new Response('{}', { headers: { 'content-type': 'application/json' } }),
    );
    expect(cache.size).toBe(0);

    await cache.keep(at('/ru'), 'KZT', html('1'));
    await cache.keep(at('/en'), 'KZT', html('2'));
    // Used again: the other one is the one to go.
    cache.get(at('/ru'), 'KZT', 'GET');
    await cache.keep(at('/kz'), 'RUB', html('3'));
    expect(cache.size).toBe(2);
    expect(cache.get(at('/en'), 'KZT', 'GET')).toBeUndefined();
    expect(cache.get(at('/ru'), 'KZT', 'GET')).toBeDefined();
  });
});
