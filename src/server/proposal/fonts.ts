import 'server-only';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The site's typeface, Onest, for the estimate's PDF. `@fontsource/onest`
 * ships it the way browsers want it, cut by alphabet (Latin, Cyrillic, the
 * Cyrillic letters of Kazakh and Ukrainian, the currency signs ₸ ₽ ₴ among
 * the extended Latin ones); a PDF has no `unicode-range`, so a text is written
 * in runs, each in the cut that has its letters. Every cut is embedded with
 * only the glyphs used.
 */
export type Weight = 400 | 600 | 700;

const cuts = ['latin', 'cyrillic', 'cyrillic-ext', 'latin-ext'] as const;
const require = createRequire(import.meta.url);

export type FontCut = { name: string; font: fontkit.Font; bytes: Buffer };

const loaded = new Map<Weight, FontCut[]>();

/** The cuts of a weight, in the order a letter is looked for. */
export function fontCuts(weight: Weight): FontCut[] {
  let fonts = loaded.get(weight);
  if (!fonts) {
    fonts = cuts.map((cut) => {
      const file = require.resolve(`@fontsource/onest/files/onest-${cut}-${weight}-normal.woff`);
      const bytes = readFileSync(file);
      const font = fontkit.create(bytes);
      if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection`);
      return { name: `onest-${cut}-${weight}`, font, bytes };
    });
    loaded.set(weight, fonts);
  }
  return fonts;
}

/** Spaces no cut has, written as the space every cut's Latin sibling has. */
const spaces: Record<string, string> = { '\u202f': '\u00a0', '\u2009': ' ', '\u2007': '\u00a0' };

export type Run = { cut: FontCut; text: string };

/**
 * A text as runs of one cut each: a letter stays in the current cut when that
 * cut has it (so spaces and digits do not break a Cyrillic word into pieces),
 * else goes to the first cut that has it.
 */
export function runsOf(text: string, weight: Weight): Run[] {
  const fonts = fontCuts(weight);
  const first = fonts[0]!;
  const runs: Run[] = [];
  let current: Run | undefined;
  for (const original of text) {
    const has = (cut: FontCut, char: string) => cut.font.hasGlyphForCodePoint(char.codePointAt(0)!);
    let char = original;
    if (!fonts.some((cut) => has(cut, char))) char = spaces[char] ?? char;
    if (current && has(current.cut, char)) {
      current.text += char;
      continue;
    }
    const cut = fonts.find((candidate) => has(candidate, char)) ?? first;
    current = { cut, text: char };
    runs.push(current);
  }
  return runs;
}
