import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { langCodes } from '@/i18n/locales';
import { fontCodePoints } from './font-file.mjs';
import { preloadedFonts } from './preloaded';
import { formatUnicodeRange, parseUnicodeRange } from './unicode-range';

/*
 * The Onest faces of src/styles/fonts/fonts.css against their files and the
 * site's texts: a face must only claim characters its file has, no two faces
 * may claim the same character, and every language's texts must need no face
 * beyond the ones its pages preload.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const fontsDir = path.join(root, 'src/styles/fonts');
const source = readFileSync(path.join(fontsDir, 'fonts.css'), 'utf8');

type Face = { src: string; file: string; range: Set<number> };
const faces: Face[] = [...source.matchAll(/@font-face \{([\s\S]*?)\n\}/g)]
  .map(([, body]) => body!)
  .filter((body) => /font-family: Onest;/.test(body))
  .map((body) => {
    const src = /src: url\('([^']+)'\)/.exec(body)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1]?.replace(/\s+/g, '');
    if (!src || !range) throw new Error(`A face without src or unicode-range:\n${body}`);
    return {
      src,
      file: src.startsWith('./')
        ? path.resolve(fontsDir, src)
        : path.join(root, 'node_modules', src),
      range: parseUnicodeRange(range),
    };
  });
const byName = (name: string) => {
  const face = faces.find((candidate) => candidate.src === `./${name}`);
  if (!face) throw new Error(`No face reads ./${name}`);
  return face;
};

/** Characters a text shows that a font should draw (not line breaks or tabs). */
function drawn(text: string): Set<number> {
  const codePoints = new Set<number>();
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    if (codePoint >= 0x20 && ![0x20bd, 0x20b8, 0x20b4].includes(codePoint))
      codePoints.add(codePoint);
  }
  return codePoints;
}

function filesUnder(dir: string, accept: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && accept(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The needed characters that Onest draws (some face claims them) but none of
 * the given faces does. Characters no face claims (₽ ₸ ₴, arrows) come from
 * the system font on every page, by design.
 */
function missing(needed: Set<number>, faceFiles: readonly string[]): string {
  const onest = new Set(faces.flatMap((face) => [...face.range]));
  const covered = new Set(faceFiles.flatMap((name) => [...byName(name).range]));
  return formatUnicodeRange(
    [...needed].filter((codePoint) => onest.has(codePoint) && !covered.has(codePoint)),
  );
}

describe('the Onest faces', () => {
  it('are six, each claiming only characters its file has glyphs for', async () => {
    expect(faces).toHaveLength(6);
    for (const face of faces) {
      const glyphs = new Set(await fontCodePoints(readFileSync(face.file)));
      const absent = [...face.range].filter((codePoint) => !glyphs.has(codePoint));
      expect(formatUnicodeRange(absent), face.src).toBe('');
    }
  });

  it('never claim a character twice', () => {
    const seen = new Map<number, string>();
    for (const face of faces) {
      for (const codePoint of face.range) {
        expect(seen.get(codePoint), `U+${codePoint.toString(16)} in ${face.src}`).toBeUndefined();
        seen.set(codePoint, face.src);
      }
    }
  });

  it("cover each language's messages and content with the faces its pages preload", () => {
    for (const lang of langCodes) {
      const files = [
        path.join(root, 'messages', `${lang}.json`),
        ...filesUnder(path.join(root, 'content'), (name) => name.startsWith(`${lang}.`)),
      ];
      const needed = drawn(files.map((file) => readFileSync(file, 'utf8')).join(''));
      expect(needed.size, lang).toBeGreaterThan(60);
      expect(missing(needed, preloadedFonts[lang]), lang).toBe('');
    }
  });

  it('cover the shared config (names, contacts) with the cut faces', () => {
    const files = filesUnder(path.join(root, 'src/config'), (name) => name.endsWith('.ts'));
    const needed = drawn(files.map((file) => readFileSync(file, 'utf8')).join(''));
    expect(missing(needed, preloadedFonts.kz)).toBe('');
  });

  it('preload only the faces cut for first paint, which the module declares', () => {
    const cut = readdirSync(fontsDir).filter((name) => name.endsWith('.woff2'));
    expect(new Set(Object.values(preloadedFonts).flat())).toEqual(new Set(cut));
    for (const name of cut) expect(byName(name).range.size).toBeGreaterThan(0);
  });
});

describe('the fallback face', () => {
  /**
   * Arial scaled so that a line of Latin text takes the width and height it
   * will take in Onest (capsize's formula, as next/font and Astro's fonts use):
   * the page does not move when Onest arrives on a later view.
   */
  it('matches the Latin face in width and line metrics', async () => {
    const { fromBuffer } = await import('@capsizecss/unpack');
    const onest = await fromBuffer(readFileSync(path.join(fontsDir, 'onest-core-latin.woff2')));
    const arial = { unitsPerEm: 2048, xWidthAvg: 913 };
    const sizeAdjust = onest.xWidthAvg / onest.unitsPerEm / (arial.xWidthAvg / arial.unitsPerEm);
    const em = onest.unitsPerEm * sizeAdjust;
    const fallback = /font-family: 'Onest Fallback';([\s\S]*?)\n\}/.exec(source)![1]!;
    const percent = (name: string) => Number(new RegExp(`${name}: ([\\d.]+)%`).exec(fallback)![1]);
    expect(percent('size-adjust')).toBeCloseTo(sizeAdjust * 100, 0);
    expect(percent('ascent-override')).toBeCloseTo((onest.ascent / em) * 100, 0);
    expect(percent('descent-override')).toBeCloseTo((Math.abs(onest.descent) / em) * 100, 0);
    expect(percent('line-gap-override')).toBeCloseTo((onest.lineGap / em) * 100, 0);
  });
});
