import { describe, expect, it } from 'vitest';
import { formatUnicodeRange, parseUnicodeRange } from './unicode-range';

describe('unicode-range values', () => {
  it('joins runs into ranges and pads to four digits', () => {
    expect(formatUnicodeRange([0x42, 0x20, 0x41, 0x43, 0x2116, 0x1f600])).toBe(
      'U+0020,U+0041-0043,U+2116,U+1F600',
    );
    expect(formatUnicodeRange([])).toBe('');
  });

  it('reads back what it writes', () => {
    const codePoints = [0x20, 0x21, 0x22, 0xa0, 0x401, 0x402, 0x4e9];
    expect([...parseUnicodeRange(formatUnicodeRange(codePoints))]).toEqual(codePoints);
  });

  it('refuses what it cannot read', () => {
    expect(() => parseUnicodeRange('U+00??')).toThrow('Not a unicode-range part: "U+00??"');
    expect(() => parseUnicodeRange('U+0050-0040')).toThrow('Backwards');
  });
});
