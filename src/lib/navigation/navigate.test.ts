import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadGuardKey } from './reload-guard';
import {
  followInFullWhenOutdated,
  isOutdated,
  isPlainClick,
  loadInFull,
  markOutdated,
  navigate,
  resetNavigationState,
} from './navigate';
import { externalNavigationMessage, NavigationError } from './safe-url';

/** A window with just what navigation touches: the address and session storage. */
function fakeWindow(href: string) {
  const items = new Map<string, string>();
  const location = {
    href,
    assign: vi.fn((url: string) => void (location.href = url)),
    replace: vi.fn((url: string) => void (location.href = url)),
    reload: vi.fn(),
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

/** A click on a link with this href, as the page's click listener gets it. */
function clickOn(href: string, init: Partial<MouseEvent> & { linkTarget?: string } = {}) {
  const link = {
    href: new URL(href, 'https://agency.example.com/en').href,
    target: init.linkTarget ?? '',
    hasAttribute: () => false,
    closest: () => link,
  };
  const event = {
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    target: { closest: () => link },
    ...init,
    preventDefault: vi.fn(() => void (event.defaultPrevented = true)),
  };
  return event;
}

describe('navigate', () => {
  let win: ReturnType<typeof fakeWindow>;

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_800_000_000_000 });
    win = fakeWindow('https://agency.example.com/en/blog');
    vi.stubGlobal('window', win);
    resetNavigationState();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('loads a page of the site, adding to the history or in place of the current entry', () => {
    navigate('/en/contacts');
    expect(win.location.assign).toHaveBeenCalledWith('/en/contacts');
    navigate('/en/calculator?type=landing', { replace: true });
    expect(win.location.replace).toHaveBeenCalledWith('/en/calculator?type=landing');
    expect(win.location.reload).not.toHaveBeenCalled();
  });

  it('refuses an external URL unless told, and then leaves by a full load', () => {
    expect(() => navigate('https://example.org/')).toThrow(
      new NavigationError(externalNavigationMessage),
    );
    expect(() => navigate('//example.org/')).toThrow(externalNavigationMessage);
    expect(win.location.assign).not.toHaveBeenCalled();
    navigate('https://example.org/', { external: true });
    expect(win.location.assign).toHaveBeenCalledWith('https://example.org/');
  });

  it('refuses a script protocol even when told the URL is external', () => {
    expect(() => navigate(' \u0001JavaScript:alert(1)', { external: true })).toThrow(
      "Cannot navigate to a URL with 'javascript:' protocol.",
    );
    expect(() => navigate('data:text/html,hi')).toThrow(
      "Cannot navigate to a URL with 'data:' protocol.",
    );
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it('on an outdated page, reloads a move within the document, guarded against loops', () => {
    markOutdated();
    expect(isOutdated()).toBe(true);
    // Another page is a full load anyway, and no reload of this one: the guard is not asked.
    navigate('/en/contacts');
    expect(win.location.assign).toHaveBeenCalledWith('/en/contacts');
    expect(win.items.has(reloadGuardKey)).toBe(false);

    win.location.href = 'https://agency.example.com/en';
    navigate('/en#pricing');
    // The move is made (the browser scrolls there), then the page reloads at it.
    expect(win.location.assign).toHaveBeenLastCalledWith('https://agency.example.com/en#pricing');
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    expect(win.location.reload.mock.invocationCallOrder[0]).toBeGreaterThan(
      win.location.assign.mock.invocationCallOrder.at(-1)!,
    );
    expect(JSON.parse(win.items.get(reloadGuardKey)!)).toEqual({
      path: '/en',
      expires: Date.now() + 10_000,
    });
    // Again within 10 s: the guard refuses, and the move is made in the page.
    navigate('/en#consultation');
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    expect(win.location.assign).toHaveBeenLastCalledWith('/en#consultation');
  });

  it('on an outdated page, a move in place of the current entry reloads too', () => {
    win.location.href = 'https://agency.example.com/en/calculator';
    markOutdated();
    navigate('/en/calculator#estimate', { replace: true });
    expect(win.location.replace).toHaveBeenCalledWith(
      'https://agency.example.com/en/calculator#estimate',
    );
    expect(win.location.assign).not.toHaveBeenCalled();
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it('a page that is not outdated moves within the document without a reload', () => {
    win.location.href = 'https://agency.example.com/en';
    navigate('/en#pricing');
    expect(win.location.assign).toHaveBeenCalledWith('/en#pricing');
    expect(win.location.reload).not.toHaveBeenCalled();
  });
});

describe('loadInFull', () => {
  let win: ReturnType<typeof fakeWindow>;

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_800_000_000_000 });
    win = fakeWindow('https://agency.example.com/en/blog?page=2');
    vi.stubGlobal('window', win);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('refuses an unsafe URL and another origin', () => {
    expect(() => loadInFull('data:text/html,hi')).toThrow(
      "Cannot navigate to a URL with 'data:' protocol.",
    );
    expect(() => loadInFull('https://example.org/en')).toThrow(externalNavigationMessage);
    expect(loadInFull('https://agency.example.com/en/terms')).toBe(true);
    expect(win.location.assign).toHaveBeenCalledWith('https://agency.example.com/en/terms');
  });

  it('reloads the page shown, once within 10 seconds', () => {
    expect(loadInFull(win.location.href)).toBe(true);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    expect(win.location.assign).not.toHaveBeenCalled();
    expect(JSON.parse(win.items.get(reloadGuardKey)!)).toMatchObject({ path: '/en/blog?page=2' });
    expect(loadInFull(win.location.href)).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(loadInFull(win.location.href)).toBe(true);
    expect(win.location.reload).toHaveBeenCalledTimes(2);
  });

  it('loads nothing where session storage is refused: a loop could not be seen', () => {
    vi.stubGlobal('window', {
      ...win,
      get sessionStorage() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(loadInFull('/en/terms')).toBe(false);
    expect(win.location.assign).not.toHaveBeenCalled();
  });
});

describe('clicks on an outdated page', () => {
  let win: ReturnType<typeof fakeWindow>;

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_800_000_000_000 });
    win = fakeWindow('https://agency.example.com/en');
    vi.stubGlobal('window', win);
    resetNavigationState();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('leave every link alone while the page is current', () => {
    const click = clickOn('/en#pricing');
    followInFullWhenOutdated(click as unknown as MouseEvent);
    expect(click.preventDefault).not.toHaveBeenCalled();
    expect(win.location.reload).not.toHaveBeenCalled();
  });

  it('reload the document for a link to a section of it', () => {
    markOutdated();
    const click = clickOn('/en#pricing');
    followInFullWhenOutdated(click as unknown as MouseEvent);
    expect(click.preventDefault).toHaveBeenCalled();
    expect(win.location.href).toBe('https://agency.example.com/en#pricing');
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it('leave links to other pages, new tabs and modified clicks to the browser', () => {
    markOutdated();
    for (const click of [
      clickOn('/en/blog'),
      clickOn('/en#pricing', { ctrlKey: true }),
      clickOn('/en#pricing', { button: 1 }),
      clickOn('/en#pricing', { linkTarget: '_blank' }),
      clickOn('/en#pricing', { defaultPrevented: true }),
    ]) {
      followInFullWhenOutdated(click as unknown as MouseEvent);
      expect(click.preventDefault).not.toHaveBeenCalled();
    }
    expect(win.location.reload).not.toHaveBeenCalled();
  });
});

describe('isPlainClick', () => {
  const base = {
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    target: null,
  };
  it.each([
    [{}, true],
    [{ metaKey: true }, false],
    [{ shiftKey: true }, false],
    [{ altKey: true }, false],
    [{ button: 2 }, false],
    [{ defaultPrevented: true }, false],
  ])('%o → %s', (change, expected) => {
    expect(isPlainClick({ ...base, ...change })).toBe(expected);
  });
});
