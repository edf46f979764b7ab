import { describe, expect, it } from 'vitest';
import { acceptedEncodings, matchesTag } from './static-files';

describe('acceptedEncodings', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.8')).toEqual(['gzip']);
    expect(acceptedEncodings('BR;Q=0.5')).toEqual(['br']);
  });

  it('reads * as any encoding not named', () => {
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, *')).toEqual(['gzip']);
  });

  it('is none for identity, nothing, or nonsense', () => {
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings('br;q=abc, ,;')).toEqual([]);
  });
});

describe('matchesTag', () => {
  it('matches a listed, weak or wildcard tag only', () => {
    expect(matchesTag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesTag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesTag('"def", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesTag(' * ', 'W/"abc"')).toBe(true);
    expect(matchesTag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesTag('', 'W/"abc"')).toBe(false);
  });
});
