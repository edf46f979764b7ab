/**
 * CSS `unicode-range` values: written from a list of code points and read back,
 * so the ranges declared for the Onest faces can be checked against the files.
 */

const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, '0');

/** `U+0020-007E,U+00A0,…` from code points in any order; runs become ranges. */
export function formatUnicodeRange(codePoints: Iterable<number>): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    const start = sorted[i]!;
    let end = start;
    while (sorted[i + 1] === end + 1) end = sorted[++i]!;
    parts.push(start === end ? `U+${hex(start)}` : `U+${hex(start)}-${hex(end)}`);
    i += 1;
  }
  return parts.join(',');
}

/** The code points a `unicode-range` value covers (single points and ranges; no wildcards). */
export function parseUnicodeRange(value: string): Set<number> {
  const codePoints = new Set<number>();
  for (const part of value.split(',')) {
    const match = /^\s*U\+([0-9A-F]{1,6})(?:-([0-9A-F]{1,6}))?\s*$/i.exec(part);
    if (!match) throw new Error(`Not a unicode-range part: "${part}"`);
    const start = parseInt(match[1]!, 16);
    const end = match[2] ? parseInt(match[2], 16) : start;
    if (end < start) throw new Error(`Backwards unicode-range part: "${part}"`);
    for (let codePoint = start; codePoint <= end; codePoint += 1) codePoints.add(codePoint);
  }
  return codePoints;
}

/**
 * The punctuation the site's texts and number formats use beyond ASCII, kept in
 * the core Latin face: no-break and narrow no-break spaces (digit groups), the
 * guillemets and quotes of Russian, Ukrainian and Kazakh, dashes, ellipsis,
 * bullet, ×, °, ©, №-free (№ is in the Cyrillic face), € and ™.
 */
export const corePunctuation =
  '\u00A0\u00A9\u00AB\u00AD\u00B0\u00B7\u00BB\u00D7\u2009\u2013\u2014\u2018\u2019\u201A\u201C\u201D\u201E\u2022\u2026\u202F\u20AC\u2122\u2212';
