import { describe, expect, it } from 'vitest';
import { addFontPreloads } from './preload-links';

const page = [
  '<!DOCTYPE html><html lang="ru"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/runtime.js"/>',
  '<script src="/_next/static/chunks/main.js" async=""></script>',
  '<script src="/_next/static/chunks/page.js" async=""></script>',
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
  '<link rel="manifest" href="/ru/manifest.webmanifest"/>',
  '</head><body><p>Текст</p>',
  '<script src="/_next/static/chunks/runtime.js" async=""></script>',
  '<script>self.__next_f=self.__next_f||[]</script>',
  '</body></html>',
].join('');

describe('font preloads', () => {
  const urls = [
    '/_next/static/media/onest_core_latin.1.woff2',
    '/_next/static/media/onest_kazakh.2.woff2',
  ];

  it('go before the stylesheet, so fonts and CSS are asked for together', () => {
    const html = addFontPreloads(page, urls);
    const links = urls.map(
      (url) => `<link rel="preload" as="font" type="font/woff2" crossorigin="" href="${url}"/>`,
    );
    expect(html).toContain(`${links.join('')}<link rel="stylesheet"`);
  });

  it('are not added twice', () => {
    const once = addFontPreloads(page, urls);
    expect(addFontPreloads(once, urls)).toBe(once);
  });

  it('fail the build on a page without a stylesheet in its head', () => {
    expect(() => addFontPreloads('<html><head></head><body></body></html>', urls)).toThrow(
      /no <link rel="stylesheet">/,
    );
  });
});
