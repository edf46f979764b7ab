import localFont from 'next/font/local';

/*
 * Onest, self-hosted from @fontsource-variable/onest. One variable file per
 * script, each limited by unicode-range and named "Onest", so the browser
 * downloads only the scripts a page uses. Cyrillic-ext carries the Kazakh
 * letters (ә ғ қ ң ө ү һ). The currency signs ₽ ₸ ₴ are left out of every
 * range: they come from the system font, which spares Russian, Ukrainian and
 * English pages a 20–30 KB file for one glyph.
 * `display: optional` keeps layout shift at zero: a font that is not ready in
 * the first ~100 ms is used from the next page on instead of swapping in.
 * None is preloaded: a preload competes with the page itself for a slow
 * connection and delays its first paint, while a font it brings in time is
 * rarely used on a first visit anyway (the metric-matched fallback is).
 */
// next/font reads its options at build time: they must be written out as literals.

const onest = localFont({
  src: '../../node_modules/@fontsource-variable/onest/files/onest-latin-wght-normal.woff2',
  weight: '100 900',
  display: 'optional',
  preload: false,
  variable: '--font-onest',
  adjustFontFallback: 'Arial',
  declarations: [
    { prop: 'font-family', value: 'Onest' },
    {
      prop: 'unicode-range',
      value:
        'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
    },
  ],
});

const onestCyrillic = localFont({
  src: '../../node_modules/@fontsource-variable/onest/files/onest-cyrillic-wght-normal.woff2',
  weight: '100 900',
  display: 'optional',
  preload: false,
  variable: '--font-onest-cyrillic',
  adjustFontFallback: false,
  declarations: [
    { prop: 'font-family', value: 'Onest' },
    { prop: 'unicode-range', value: 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116' },
  ],
});

const onestCyrillicExt = localFont({
  src: '../../node_modules/@fontsource-variable/onest/files/onest-cyrillic-ext-wght-normal.woff2',
  weight: '100 900',
  display: 'optional',
  preload: false,
  variable: '--font-onest-cyrillic-ext',
  adjustFontFallback: false,
  declarations: [
    { prop: 'font-family', value: 'Onest' },
    {
      prop: 'unicode-range',
      value: 'U+0460-052F,U+1C80-1C8A,U+2DE0-2DFF,U+A640-A69F,U+FE2E-FE2F',
    },
  ],
});

const onestLatinExt = localFont({
  src: '../../node_modules/@fontsource-variable/onest/files/onest-latin-ext-wght-normal.woff2',
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
        'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+2113,U+2C60-2C7F,U+A720-A7FF',
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
  onestCyrillicExt.variable,
  onestLatinExt.variable,
].join(' ');
