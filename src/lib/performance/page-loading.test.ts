import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { addFontPreloads, chunkLoader, deferChunkScripts } from './page-loading';

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

describe('chunk scripts after the first paint', () => {
  it('takes out the chunk scripts, their preloads and the manifest link, for one loader in <head>', () => {
    const { html, sources, manifest } = deferChunkScripts(page);
    expect(manifest).toBe('/ru/manifest.webmanifest');
    expect(html).not.toContain('<link rel="manifest"');
    expect(sources).toEqual([
      '/_next/static/chunks/main.js',
      '/_next/static/chunks/page.js',
      '/_next/static/chunks/runtime.js',
    ]);
    expect(html).not.toContain('async=""');
    expect(html).not.toContain('rel="preload" as="script"');
    expect(html).toContain(`${chunkLoader(sources, manifest)}</head>`);
    // What is not a chunk of ours stays: the no-module polyfill, the inline payload, the CSS.
    expect(html).toContain('<script src="/_next/static/chunks/polyfills.js" noModule=""></script>');
    expect(html).toContain('<script>self.__next_f=self.__next_f||[]</script>');
    expect(html).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css"');
  });

  it('changes nothing the second time, nor on a page without chunks', () => {
    const once = deferChunkScripts(page).html;
    expect(deferChunkScripts(once)).toEqual({ html: once, sources: [] });
    const plain = '<html><head></head><body></body></html>';
    expect(deferChunkScripts(plain)).toEqual({ html: plain, sources: [] });
  });
});

/** Runs the loader against a stand-in for a browser, with clocks the test turns. */
function runLoader(visibility: 'visible' | 'hidden', readyState = 'loading') {
  const inserted: string[] = [];
  const frames: (() => void)[] = [];
  const timers: { at: number; run: () => void }[] = [];
  const listeners: Record<string, (() => void)[]> = {};
  let now = 0;
  const document = {
    visibilityState: visibility,
    readyState,
    head: {
      appendChild: (element: { src?: string; rel?: string; href?: string }) =>
        inserted.push(element.src ?? `${element.rel} ${element.href}`),
    },
    createElement: (tag: string) => (tag === 'link' ? {} : { src: '', async: false }),
    addEventListener: (type: string, listener: () => void) =>
      (listeners[`document:${type}`] ??= []).push(listener),
  };
  const context = {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (run: () => void, ms: number) => timers.push({ at: now + ms, run }),
    addEventListener: (type: string, listener: () => void) =>
      (listeners[`window:${type}`] ??= []).push(listener),
  };
  const sources = ['/_next/static/chunks/main.js', '/_next/static/chunks/page.js'];
  const code = /<script data-deferred-chunks="">([\s\S]*)<\/script>/.exec(
    chunkLoader(sources, '/ru/manifest.webmanifest'),
  )![1]!;
  vm.runInNewContext(code, context);
  return {
    inserted,
    fire: (key: string) => listeners[key]?.forEach((listener) => listener()),
    frame: () => frames.splice(0).forEach((callback) => callback()),
    advance: (ms: number) => {
      now += ms;
      for (const timer of timers.filter((candidate) => candidate.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.run();
      }
    },
    setHidden: () => (document.visibilityState = 'hidden'),
  };
}

describe('the loader', () => {
  it('inserts the manifest link and the chunks 100 ms after the window has loaded and two frames were drawn', () => {
    const browser = runLoader('visible');
    browser.advance(0);
    expect(browser.inserted).toEqual([]);
    browser.fire('window:load');
    browser.frame();
    browser.advance(100);
    expect(browser.inserted).toEqual([]);
    browser.frame();
    browser.advance(99);
    expect(browser.inserted).toEqual([]);
    browser.advance(1);
    expect(browser.inserted).toEqual([
      'manifest /ru/manifest.webmanifest',
      '/_next/static/chunks/main.js',
      '/_next/static/chunks/page.js',
    ]);
    browser.advance(5000);
    expect(browser.inserted).toHaveLength(3);
  });

  it('does not wait for a page that is already loaded', () => {
    const browser = runLoader('visible', 'complete');
    browser.frame();
    browser.frame();
    browser.advance(100);
    expect(browser.inserted).toHaveLength(3);
  });

  it('does not wait longer than 3 s for a slow page', () => {
    const browser = runLoader('visible');
    browser.advance(2999);
    expect(browser.inserted).toEqual([]);
    browser.advance(1);
    expect(browser.inserted).toHaveLength(3);
  });

  it('loads at once in a hidden tab, or when the tab is hidden before the page has painted', () => {
    expect(runLoader('hidden').inserted).toHaveLength(3);
    const browser = runLoader('visible');
    browser.setHidden();
    browser.fire('document:visibilitychange');
    expect(browser.inserted).toHaveLength(3);
  });
});

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
});
