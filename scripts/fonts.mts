/**
 * `npm run fonts`: cuts the Onest faces every page needs before its first
 * paint out of @fontsource-variable/onest and writes them to src/styles/fonts/,
 * where src/styles/fonts/fonts.css declares them (the files are committed; run this
 * again after upgrading the font package, then copy the printed ranges into fonts.css).
 *
 * Why: fontsource's Latin file alone is 34 KB, because it carries every Western
 * European letter; a Russian page needs 95 ASCII signs and some punctuation of
 * it. The cut faces keep only those characters and only the weights the design
 * uses (400–700), so a Russian page preloads about 27 KB of font instead of
 * 50 KB. Everything else stays in fontsource's files, declared for the rest of
 * the ranges, so a rare letter still renders in Onest (from a later download).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import { fontCodePoints } from '../src/lib/fonts/font-file.mjs';
import {
  corePunctuation,
  formatUnicodeRange,
  parseUnicodeRange,
} from '../src/lib/fonts/unicode-range';

const root = path.resolve(import.meta.dirname, '..');
const sourceDir = path.join(root, 'node_modules/@fontsource-variable/onest/files');
const outDir = path.join(root, 'src/styles/fonts');

const ascii = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCodePoint(0x20 + i)).join(
  '',
);
/** Kazakh letters beyond Russian's alphabet that fontsource keeps in cyrillic-ext (Ұ ұ and і are in cyrillic). */
const kazakhLetters = 'ҒғҚқҢңҮүҺһӘәӨө';
/** ₽ ₸ ₴ come from the system font (see src/styles/fonts/fonts.css). */
const currencySigns = new Set([0x20bd, 0x20b8, 0x20b4]);

/** The ranges fontsource declares for its files (its CSS), which the cut faces narrow. */
const fontsourceRanges = {
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  cyrillic: 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116',
  cyrillicExt: 'U+0460-052F,U+1C80-1C8A,U+2DE0-2DFF,U+A640-A69F,U+FE2E-FE2F',
  latinExt:
    'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+2113,U+2C60-2C7F,U+A720-A7FF',
};

/**
 * In the order they claim characters: a face declares the characters its file
 * has, within fontsource's range, that no face before it declared. The first
 * three are cut here; the last three are fontsource's files as they are.
 */
const faces = [
  {
    file: 'onest-core-latin.woff2',
    source: 'onest-latin-wght-normal.woff2',
    range: fontsourceRanges.latin,
    text: ascii + corePunctuation,
  },
  // All of fontsource's Cyrillic file (Russian, Ukrainian, Ұ ұ, №), cut to 400–700.
  {
    file: 'onest-core-cyrillic.woff2',
    source: 'onest-cyrillic-wght-normal.woff2',
    range: fontsourceRanges.cyrillic,
    text: null,
  },
  {
    file: 'onest-kazakh.woff2',
    source: 'onest-cyrillic-ext-wght-normal.woff2',
    range: fontsourceRanges.cyrillicExt,
    text: kazakhLetters,
  },
  {
    file: null,
    source: 'onest-latin-wght-normal.woff2',
    range: fontsourceRanges.latin,
    text: null,
  },
  {
    file: null,
    source: 'onest-latin-ext-wght-normal.woff2',
    range: fontsourceRanges.latinExt,
    text: null,
  },
  {
    file: null,
    source: 'onest-cyrillic-ext-wght-normal.woff2',
    range: fontsourceRanges.cyrillicExt,
    text: null,
  },
];

mkdirSync(outDir, { recursive: true });
const claimed = new Set<number>();
for (const face of faces) {
  const source = readFileSync(path.join(sourceDir, face.source));
  let file: Uint8Array = source;
  if (face.file) {
    const text = face.text ?? String.fromCodePoint(...(await fontCodePoints(source)));
    file = await subsetFont(source, text, {
      targetFormat: 'woff2',
      variationAxes: { wght: { min: 400, max: 700 } },
    });
    writeFileSync(path.join(outDir, face.file), file);
  }
  const allowed = parseUnicodeRange(face.range);
  const declared = (await fontCodePoints(file)).filter(
    (codePoint) =>
      codePoint >= 0x20 &&
      allowed.has(codePoint) &&
      !claimed.has(codePoint) &&
      !currencySigns.has(codePoint),
  );
  for (const codePoint of declared) claimed.add(codePoint);
  console.log(
    `${face.file ?? face.source} (${(file.length / 1024).toFixed(1)} KB)\n  unicode-range: ${formatUnicodeRange(declared)}`,
  );
}
