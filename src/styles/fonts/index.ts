import localFont from 'next/font/local';

/*
 * Onest, self-hosted. Every face is named "Onest" and limited by unicode-range,
 * so the browser downloads only the faces whose characters a page shows.
 *
 * The three faces a page needs before its first paint are cut from
 * @fontsource-variable/onest by `npm run fonts` (scripts/fonts.mts) and kept
 * beside this file: ASCII with the punctuation the texts use, Cyrillic
 * (Russian, Ukrainian, Ұ ұ), and the other Kazakh letters; weights 400–700
 * only. A Russian page needs 27 KB of them, against 50 KB of fontsource's
 * whole Latin and Cyrillic files. The post-build step (scripts/postbuild.mts)
 * preloads the ones a page's language needs. fontsource's files serve
 * everything else, declared for exactly the characters the cut faces lack,
 * so a rare letter in an article still renders in Onest.
 *
 * The currency signs ₽ ₸ ₴ are in no range: they come from the system font,
 * which spares every page a 20–30 KB file for one glyph.
 * `display: optional` keeps layout shift at zero: a font that is not ready in
 * the first ~100 ms is used from the next page on instead of swapping in.
 * The ranges below are what `npm run fonts` prints; a unit test checks them
 * against the files (src/lib/fonts/fonts.test.ts).
 */
// next/font reads its options at build time: they must be written out as literals.

const onest = localFont({
  src: './onest-core-latin.woff2',
  weight: '400 700',
  display: 'optional',
  preload: false,
  variable: '--font-onest',
  adjustFontFallback: 'Arial',
  declarations: [
    { prop: 'font-family', value: 'Onest' },
    {
      prop: 'unicode-range',
      value:
        'U+0020-007E,U+00A0,U+00A9,U+00AB,U+00B0,U+00B7,U+00BB,U+00D7,U+2009,U+2013-2014,U+2018-201A,U+201C-201E,U+2022,U+2026,U+20AC,U+2122,U+2212',
    },
  ],
});

const onestCyrillic = localFont({
  src: './onest-core-cyrillic.woff2',
  weight: '400 700',
  display: 'optional',
  preload: false,
  variable: '--font-onest-cyrillic',
  adjustFontFallback: false,
  declarations: [
    { prop: 'font-family', value: 'Onest' },
    {
      prop: 'unicode-range',
      value:
        'U+0301,U+0401-040C,U+040E-044F,U+0451-045C,U+045E-045F,U+0490-0491,U+04B0-04B1,U+2116',
    },
  ],
});

const onestKazakh = localFont({
  src: './onest-kazakh.woff2',
  weight: '400 700',
  display: 'optional',
  preload: false,
  variable: '--font-onest-kazakh',
  adjustFontFallback: false,
  declarations: [
    { prop: 'font-family', value: 'Onest' },
    {
      prop: 'unicode-range',
      value: 'U+0492-0493,U+049A-049B,U+04A2-04A3,U+04AE-04AF,U+04BA-04BB,U+04D8-04D9,U+04E8-04E9',
    },
  ],
});

const onestLatinRest = localFont({
  src: '../../../node_modules/@fontsource-variable/onest/files/onest-latin-wght-normal.woff2',
  weight: '100 900',
  display: 'optional',
  preload: false,
  variable: '--font-onest-latin-rest',
  adjustFontFallback: false,
  declarations: [
    { prop: 'font-family', value: 'Onest' },
    {
      prop: 'unicode-range',
      value:
        'U+00A1-00A3,U+00A5,U+00A7-00A8,U+00AA,U+00AE-00AF,U+00B1-00B4,U+00B6,U+00B8-00BA,U+00BC-00D6,U+00D8-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2039-203A,U+2044,U+2191,U+2193',
    },
  ],
});

const onestLatinExt = localFont({
  src: '../../../node_modules/@fontsource-variable/onest/files/onest-latin-ext-wght-normal.woff2',
  weight: '100 900',
  display: 'optional',
  preload: false,
  variable: '--font-onest-latin-ext',
  adjustFontFallback: false,
  declarations: [
    { prop: 'font-family', value: 'Onest' },
    {
      prop: 'unicode-range',
      value:
        'U+0100-0130,U+0132-0151,U+0154-017F,U+0181,U+0186-018A,U+018E-0194,U+0196-0199,U+019D,U+01A0-01A1,U+01A4-01A5,U+01AC-01AD,U+01AF-01B0,U+01B2-01B4,U+01B7,U+01CD-01DD,U+01E6-01E7,U+01F0,U+01F8-01F9,U+0218-021B,U+0237,U+0244-0245,U+024C-024D,U+0253-0254,U+0256-0257,U+0259,U+025B,U+0260,U+0263,U+0268-0269,U+0272,U+0289,U+028B-028C,U+0292,U+0294,U+02B7,U+02C7,U+02DD,U+1E04-1E05,U+1E0C-1E0D,U+1E24-1E25,U+1E32-1E3B,U+1E3E-1E3F,U+1E42-1E47,U+1E56-1E57,U+1E5A-1E5D,U+1E62-1E63,U+1E6C-1E6D,U+1E80-1E85,U+1E90-1E93,U+1E9E,U+1EF2-1EF9,U+A78B-A78C',
    },
  ],
});

const onestCyrillicExt = localFont({
  src: '../../../node_modules/@fontsource-variable/onest/files/onest-cyrillic-ext-wght-normal.woff2',
  weight: '100 900',
  display: 'optional',
  preload: false,
  variable: '--font-onest-cyrillic-ext',
  adjustFontFallback: false,
  declarations: [
    { prop: 'font-family', value: 'Onest' },
    {
      prop: 'unicode-range',
      value:
        'U+0494-0499,U+049C-049D,U+04A0-04A1,U+04A4-04A5,U+04AA-04AB,U+04B2-04B3,U+04B6-04B9,U+04C0-04C2,U+04CF-04D7,U+04DC-04DF,U+04E2-04E7,U+04EA-04EB,U+04EE-04F5',
    },
  ],
});

/**
 * Class names for `<html>`. next/font names a family after its constant, so the
 * first is `onest` (CSS family names ignore case: it is the same family as the
 * faces' "Onest") and `--font-onest` holds `onest, "onest Fallback"`, a metric-
 * matched Arial. The other variables are unused; naming them keeps their faces.
 */
export const fontClassNames = [
  onest.variable,
  onestCyrillic.variable,
  onestKazakh.variable,
  onestLatinRest.variable,
  onestLatinExt.variable,
  onestCyrillicExt.variable,
].join(' ');
