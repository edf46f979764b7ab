import { describe, expect, it } from 'vitest';
import { copyrightYear } from './site-footer';

describe('the copyright notice', () => {
  it('names the year the site was built, in UTC', () => {
    expect(copyrightYear({ id: 'a', timestamp: Date.UTC(2031, 11, 31, 23, 59) })).toBe(2031);
    expect(copyrightYear({ id: 'b', timestamp: Date.UTC(2032, 0, 1) })).toBe(2032);
  });

  it('names this year where no build time was compiled in (a unit test, a script)', () => {
    expect(copyrightYear({ id: 'development', timestamp: 0 })).toBe(new Date().getUTCFullYear());
  });
});
