import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  installChunkRecovery,
  isChunkElement,
  isChunkLoadError,
  recoverFromChunkFailure,
} from './chunk-recovery';
import { pageErrorEvent, reportPageError } from './page-error';
import { reloadGuardKey } from './reload-guard';

/** Stand-ins for the elements whose load can fail, so `instanceof` works outside a browser. */
class FakeScript extends EventTarget {
  constructor(public src: string) {
    super();
  }
}
class FakeLink extends EventTarget {
  sheet: { cssRules: unknown[] } | null = { cssRules: [{}] };
  constructor(
    public href: string,
    public rel: string,
    public as = '',
  ) {
    super();
  }
}

/** A page at `href`: its address, session storage, events and stylesheets. */
function fakePage(href: string) {
  const items = new Map<string, string>();
  const location = {
    href,
    assign: vi.fn((url: string) => void (location.href = url)),
    replace: vi.fn(),
    reload: vi.fn(),
  };
  const stylesheets: FakeLink[] = [];
  const win = Object.assign(new EventTarget(), {
    location,
    sessionStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    },
  });
  const doc = Object.assign(new EventTarget(), {
    querySelectorAll: (selector: string) => (selector.includes('stylesheet') ? stylesheets : []),
  });
  return { win, doc, location, items, stylesheets };
}

/** An event whose target is `target`, as a load error of an element reaches the window. */
function loadError(target: object): Event {
  const event = new Event('error');
  Object.defineProperty(event, 'target', { value: target });
  return event;
}

const importFailure = () =>
  new TypeError(
    'Failed to fetch dynamically imported module: https://agency.example.com/_astro/calculator.Bx1.js',
  );

describe('chunk recovery', () => {
  let page: ReturnType<typeof fakePage>;
  let stop: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_800_000_000_000 });
    page = fakePage('https://agency.example.com/en/calculator#estimate');
    vi.stubGlobal('window', page.win);
    vi.stubGlobal('document', page.doc);
    vi.stubGlobal('HTMLScriptElement', FakeScript);
    vi.stubGlobal('HTMLLinkElement', FakeLink);
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('reloads the page shown, once within 10 seconds', () => {
    expect(recoverFromChunkFailure()).toBe(true);
    expect(page.location.reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(page.items.get(reloadGuardKey)!)).toMatchObject({ path: '/en/calculator' });
    // The reloaded page fails again: no second reload.
    expect(recoverFromChunkFailure()).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(recoverFromChunkFailure()).toBe(true);
    expect(page.location.reload).toHaveBeenCalledTimes(2);
  });

  it('tells the build’s scripts and stylesheets from fonts, prefetches and other hosts', () => {
    expect(isChunkElement(new FakeScript('https://agency.example.com/_astro/page.A1.js'))).toBe(
      true,
    );
    expect(isChunkElement(new FakeLink('/_astro/index.B2.css', 'stylesheet'))).toBe(true);
    expect(isChunkElement(new FakeLink('/_astro/react.C3.js', 'modulepreload'))).toBe(true);
    expect(isChunkElement(new FakeLink('/_astro/island.D4.js', 'preload', 'script'))).toBe(true);
    expect(isChunkElement(new FakeLink('/_astro/onest.E5.woff2', 'preload', 'font'))).toBe(false);
    expect(isChunkElement(new FakeLink('/en/blog', 'prefetch'))).toBe(false);
    expect(isChunkElement(new FakeScript('https://mc.yandex.ru/metrika/tag.js'))).toBe(false);
    expect(isChunkElement(Object.assign(new EventTarget(), { src: '/_astro/x.js' }))).toBe(false);
  });

  it('reloads when a script of the build fails to load, not for a font', () => {
    stop = installChunkRecovery();
    page.win.dispatchEvent(loadError(new FakeLink('/_astro/onest.E5.woff2', 'preload', 'font')));
    expect(page.location.reload).not.toHaveBeenCalled();
    page.win.dispatchEvent(loadError(new FakeScript('/_astro/page.A1.js')));
    expect(page.location.reload).toHaveBeenCalledTimes(1);
  });

  it('never takes a visitor back: nothing reloads while they are on the way to another page', () => {
    const navigation = new EventTarget();
    Object.assign(page.win, { navigation });
    stop = installChunkRecovery();
    const navigate = (sameDocument: boolean) =>
      navigation.dispatchEvent(
        Object.assign(new Event('navigate'), { destination: { sameDocument } }),
      );
    // A move within the page (a hash) is no leaving.
    navigate(true);
    page.win.dispatchEvent(loadError(new FakeScript('/_astro/page.A1.js')));
    expect(page.location.reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    // A followed link: a file of this page failing meanwhile reloads nothing.
    navigate(false);
    page.win.dispatchEvent(loadError(new FakeScript('/_astro/page.A1.js')));
    expect(page.location.reload).toHaveBeenCalledTimes(1);
    // A navigation that never left (a download) holds recovery back for a while only.
    vi.advanceTimersByTime(10_000);
    page.win.dispatchEvent(loadError(new FakeScript('/_astro/page.A1.js')));
    expect(page.location.reload).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10_000);
  });

  it('reloads when a stylesheet of the build had failed before the script ran', () => {
    const sheet = new FakeLink('https://agency.example.com/_astro/index.B2.css', 'stylesheet');
    page.stylesheets.push(new FakeLink('https://fonts.example.org/x.css', 'stylesheet'), sheet);
    page.stylesheets[0]!.sheet = null;
    stop = installChunkRecovery();
    expect(page.location.reload).not.toHaveBeenCalled();
    stop();
    // Chromium keeps an empty sheet for a stylesheet that failed; others have none.
    sheet.sheet = { cssRules: [] };
    stop = installChunkRecovery();
    expect(page.location.reload).toHaveBeenCalledTimes(1);
    stop();
    vi.advanceTimersByTime(10_000);
    sheet.sheet = null;
    stop = installChunkRecovery();
    expect(page.location.reload).toHaveBeenCalledTimes(2);
  });

  it('reloads when an island’s code fails to load, and keeps Astro from logging it', () => {
    stop = installChunkRecovery();
    const rendering = new CustomEvent('astro:hydration-error', {
      cancelable: true,
      detail: { error: new Error('Cannot read properties of undefined'), componentUrl: null },
    });
    page.doc.dispatchEvent(rendering);
    expect(rendering.defaultPrevented).toBe(false);
    expect(page.location.reload).not.toHaveBeenCalled();
    const loading = new CustomEvent('astro:hydration-error', {
      cancelable: true,
      detail: { error: importFailure(), componentUrl: '/_astro/calculator.Bx1.js' },
    });
    page.doc.dispatchEvent(loading);
    expect(page.location.reload).toHaveBeenCalledTimes(1);
    expect(loading.defaultPrevented).toBe(true);
    // Within 10 seconds the guard refuses, and Astro logs the error as usual.
    const again = new CustomEvent('astro:hydration-error', {
      cancelable: true,
      detail: { error: importFailure(), componentUrl: '/_astro/calculator.Bx1.js' },
    });
    page.doc.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(false);
    expect(page.location.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads for a rejected import, a failed island stylesheet and an error view’s report', () => {
    stop = installChunkRecovery();
    page.win.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), { reason: new Error('Boom') }),
    );
    reportPageError(new Error('Cannot read properties of undefined'));
    expect(page.location.reload).not.toHaveBeenCalled();

    page.win.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), { reason: importFailure() }),
    );
    expect(page.location.reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    const preload = new Event('vite:preloadError', { cancelable: true });
    page.win.dispatchEvent(preload);
    expect(page.location.reload).toHaveBeenCalledTimes(2);
    expect(preload.defaultPrevented).toBe(true);
    vi.advanceTimersByTime(10_000);
    page.win.dispatchEvent(new CustomEvent(pageErrorEvent, { detail: importFailure() }));
    expect(page.location.reload).toHaveBeenCalledTimes(3);
  });

  it('stops listening when stopped', () => {
    stop = installChunkRecovery();
    stop();
    page.win.dispatchEvent(loadError(new FakeScript('/_astro/page.A1.js')));
    page.win.dispatchEvent(new CustomEvent(pageErrorEvent, { detail: importFailure() }));
    page.doc.dispatchEvent(
      new CustomEvent('astro:hydration-error', { detail: { error: importFailure() } }),
    );
    expect(page.location.reload).not.toHaveBeenCalled();
  });
});

describe('isChunkLoadError', () => {
  it.each([
    [new TypeError('Failed to fetch dynamically imported module: https://x/_astro/a.js'), true],
    [new TypeError('error loading dynamically imported module: https://x/_astro/a.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /_astro/calculator.css'), true],
    [new TypeError('Failed to fetch'), false],
    [new Error('Cannot read properties of undefined'), false],
    ['Failed to fetch dynamically imported module', false],
    [null, false],
  ])('%s → %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});
