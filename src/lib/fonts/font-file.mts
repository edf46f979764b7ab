import { convert } from 'fontverter';
import { Blob, Face } from 'harfbuzzjs';

/** The code points a font file (WOFF2, WOFF or TrueType) has glyphs for, ascending. */
export async function fontCodePoints(file: Uint8Array): Promise<number[]> {
  const sfnt = await convert(Buffer.from(file), 'sfnt');
  const face = new Face(new Blob(sfnt), 0);
  return [...face.collectUnicodes()].sort((a, b) => a - b);
}
