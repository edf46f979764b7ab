import { beforeEach, describe, expect, it } from 'vitest';
import { claimReload, reloadGuardKey, reloadGuardMs } from './reload-guard';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('the reload guard', () => {
  let storage: MemoryStorage;
  const t0 = 1_800_000_000_000;
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it.each([
    // [first path, second path, ms between, second reload allowed]
    ['/en/blog', '/en/blog', 0, false],
    ['/en/blog', '/en/blog', reloadGuardMs - 1, false],
    ['/en/blog', '/en/contacts', 1_000, true],
    ['/en/blog', '/en/blog', reloadGuardMs, true],
    ['/en/blog', '/en/blog', reloadGuardMs + 5_000, true],
  ])('%s then %s after %i ms: reload again = %s', (first, second, gap, allowed) => {
    expect(claimReload(first, { storage, now: t0 })).toBe(true);
    expect(claimReload(second, { storage, now: t0 + gap })).toBe(allowed);
  });

  it('keeps one record { path, expires }, rewritten by each reload it allows', () => {
    claimReload('/en/blog', { storage, now: t0 });
    expect(JSON.parse(storage.getItem(reloadGuardKey)!)).toEqual({
      path: '/en/blog',
      expires: t0 + reloadGuardMs,
    });
    claimReload('/en/contacts', { storage, now: t0 + 1 });
    expect(JSON.parse(storage.getItem(reloadGuardKey)!)).toEqual({
      path: '/en/contacts',
      expires: t0 + 1 + reloadGuardMs,
    });
    // A refused reload leaves the record as it was.
    expect(claimReload('/en/contacts', { storage, now: t0 + 2 })).toBe(false);
    expect((JSON.parse(storage.getItem(reloadGuardKey)!) as { expires: number }).expires).toBe(
      t0 + 1 + reloadGuardMs,
    );
  });

  it('reads a broken record as none', () => {
    storage.setItem(reloadGuardKey, '{not json');
    expect(claimReload('/en/blog', { storage, now: t0 })).toBe(true);
  });

  it('refuses every full load when there is no storage to remember it in', () => {
    expect(claimReload('/en/blog', { storage: null, now: t0 })).toBe(false);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    };
    expect(claimReload('/en/blog', { storage: full, now: t0 })).toBe(false);
  });
});
