import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadGuardKey } from './reload-guard';
import {
  fullPageLoad,
  isOutdated,
  markOutdated,
  navigate,
  notePendingNavigation,
  pendingNavigation,
  resetNavigationState,
  settleNavigation,
} from './navigate';
import { externalNavigationMessage, NavigationError } from './safe-url';
import { installChunkRecovery, isChunkLoadError, recoverFromChunkFailure } from './chunk-recovery';
import { pageErrorEvent, reportPageError } from './page-error';

/** A window with just what navigation touches: the address and session storage. */
function fakeWindow(href: string) {
  const items = new Map<string, string>();
  const location = {
    href,
    assign: vi.fn((url: string) => void (location.href = url)),
    replace: vi.fn((url: string) => void (location.href = url)),
  };
  return {
    location,
    sessionStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    },
    items,
  };
}

describe('navigate', () => {
  let win: ReturnType<typeof fakeWindow>;
  let router: {
    push: ReturnType<typeof vi.fn<(url: string) => void>>;
    replace: ReturnType<typeof vi.fn<(url: string) => void>>;
  };

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_800_000_000_000 });
    win = fakeWindow('https://agency.example.com/en/blog');
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', { readyState: 'complete' });
    router = { push: vi.fn<(url: string) => void>(), replace: vi.fn<(url: string) => void>() };
    resetNavigationState();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('navigates inside the app with the router', () => {
    navigate('/en/contacts', router);
    navigate('/en/calculator?type=landing', router, { replace: true });
    expect(router.push).toHaveBeenCalledWith('/en/contacts');
    expect(router.replace).toHaveBeenCalledWith('/en/calculator?type=landing');
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it('refuses an external URL unless told, and then leaves by a full load', () => {
    expect(() => navigate('https://example.org/', router)).toThrow(
      new NavigationError(externalNavigationMessage),
    );
    navigate('https://example.org/', router, { external: true });
    expect(win.location.assign).toHaveBeenCalledWith('https://example.org/');
    expect(router.push).not.toHaveBeenCalled();
  });

  it('refuses a script protocol even when told the URL is external', () => {
    expect(() => navigate(' \u0001JavaScript:alert(1)', router, { external: true })).toThrow(
      "Cannot navigate to a URL with 'javascript:' protocol.",
    );
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it('loads the target in full once the app is outdated, guarded against loops', () => {
    markOutdated();
    expect(isOutdated()).toBe(true);
    navigate('/en/contacts', router);
    expect(win.location.assign).toHaveBeenCalledWith('https://agency.example.com/en/contacts');
    expect(JSON.parse(win.items.get(reloadGuardKey)!)).toEqual({
      path: '/en/contacts',
      expires: Date.now() + 10_000,
    });
    // The same target again within 10 s: the guard refuses, the router takes it.
    navigate('/en/contacts', router);
    expect(win.location.assign).toHaveBeenCalledTimes(1);
    expect(router.push).toHaveBeenCalledWith('/en/contacts');
  });

  it('remembers the navigation under way until it arrives or grows old', () => {
    notePendingNavigation('/en/calculator');
    expect(pendingNavigation()).toBe('https://agency.example.com/en/calculator');
    settleNavigation();
    expect(pendingNavigation()).toBeNull();
    navigate('/en/services', router);
    expect(pendingNavigation()).toBe('https://agency.example.com/en/services');
    vi.advanceTimersByTime(30_001);
    expect(pendingNavigation()).toBeNull();
  });

  it('refuses to load an unsafe URL in full', () => {
    expect(() => fullPageLoad('data:text/html,hi')).toThrow(
      "Cannot navigate to a URL with 'data:' protocol.",
    );
    expect(() => fullPageLoad('https://example.org/en')).toThrow(externalNavigationMessage);
    expect(fullPageLoad('https://agency.example.com/en/terms')).toBe(true);
    expect(win.location.assign).toHaveBeenCalledTimes(1);
  });

  describe('after a chunk fails to load', () => {
    it('loads the target of the navigation under way in full, once within 10 s', () => {
      notePendingNavigation('/en/calculator');
      expect(recoverFromChunkFailure()).toBe(true);
      expect(win.location.assign).toHaveBeenLastCalledWith(
        'https://agency.example.com/en/calculator',
      );
      // The target fails again on its full load: no second reload.
      win.location.href = 'https://agency.example.com/en/calculator';
      notePendingNavigation('/en/calculator');
      expect(recoverFromChunkFailure()).toBe(false);
      vi.advanceTimersByTime(10_000);
      expect(recoverFromChunkFailure()).toBe(true);
      expect(win.location.assign).toHaveBeenCalledTimes(2);
    });

    it('reloads a page whose own chunks fail while it loads', () => {
      vi.stubGlobal('document', { readyState: 'interactive' });
      expect(recoverFromChunkFailure()).toBe(true);
      expect(win.location.assign).toHaveBeenCalledWith('https://agency.example.com/en/blog');
    });

    it('reloads the page that shows an error for the failed chunk', () => {
      expect(recoverFromChunkFailure({ shown: true })).toBe(true);
      expect(win.location.assign).toHaveBeenCalledWith('https://agency.example.com/en/blog');
    });

    it('leaves a loaded page alone when no navigation needs the chunk (a prefetch)', () => {
      expect(recoverFromChunkFailure()).toBe(false);
      expect(win.location.assign).not.toHaveBeenCalled();
    });
  });
});

describe('installChunkRecovery', () => {
  let win: ReturnType<typeof fakeWindow> & EventTarget;
  let stop: () => void;

  beforeEach(() => {
    win = Object.assign(new EventTarget(), fakeWindow('https://agency.example.com/en/blog'));
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', { readyState: 'complete' });
    resetNavigationState();
    stop = installChunkRecovery();
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
  });

  const chunkError = () =>
    Object.assign(new Error('Failed to load chunk /_next/static/chunks/a.js'), {
      name: 'ChunkLoadError',
    });

  it('recovers when an error page reports a chunk failure, and only then', () => {
    reportPageError(new Error('Cannot read properties of undefined'));
    expect(win.location.assign).not.toHaveBeenCalled();
    notePendingNavigation('/en/calculator');
    reportPageError(chunkError());
    expect(win.location.assign).toHaveBeenCalledWith('https://agency.example.com/en/calculator');
  });

  it('recovers from a rejected chunk promise during a navigation', () => {
    notePendingNavigation('/en/contacts');
    win.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: chunkError() }));
    expect(win.location.assign).toHaveBeenCalledWith('https://agency.example.com/en/contacts');
  });

  it('takes back and forward as navigations to the address they show', () => {
    win.location.href = 'https://agency.example.com/en/terms';
    win.dispatchEvent(new Event('popstate'));
    expect(pendingNavigation()).toBe('https://agency.example.com/en/terms');
  });

  it('stops listening when stopped', () => {
    stop();
    notePendingNavigation('/en/calculator');
    win.dispatchEvent(new CustomEvent(pageErrorEvent, { detail: chunkError() }));
    expect(win.location.assign).not.toHaveBeenCalled();
  });
});

describe('isChunkLoadError', () => {
  it.each([
    [
      Object.assign(new Error('Failed to load chunk /_next/static/chunks/x.js'), {
        name: 'ChunkLoadError',
      }),
      true,
    ],
    [new Error('Failed to load chunk /_next/static/chunks/x.js from module 12'), true],
    [new Error('Loading CSS chunk 7 failed.'), true],
    [new Error('Loading chunk 7 failed.'), true],
    [new TypeError('Failed to fetch'), false],
    [new Error('Cannot read properties of undefined'), false],
    ['ChunkLoadError', false],
    [null, false],
  ])('%s → %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});
