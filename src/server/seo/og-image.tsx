import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { siteConfig } from '@/config/site';
import { env } from '@/env';
import { localeInfo } from '@/i18n/locales';
import { BrandMark, brandColors, imageFrame } from './brand-icon';
import { renderPng } from './png';
import type { PageSeo } from './pages';

/** The size every Open Graph image is drawn at: what the networks show in full. */
export const ogImageSize = { width: 1200, height: 630 };

// Onest, as on the pages, from @fontsource/onest (the image renderer reads
// WOFF, not the WOFF2 the pages use). Each script is a file of its own, and
// the renderer keeps one face per family name, so each gets a name and the
// title asks for them in turn: Latin, Cyrillic and the Kazakh letters of
// Cyrillic-ext all come out in the brand font, with nothing to download.
const fontRoot = path.join(process.cwd(), 'node_modules/@fontsource/onest/files');
const subsets = {
  latin: 'Onest',
  'latin-ext': 'Onest Latin Ext',
  cyrillic: 'Onest Cyrillic',
  'cyrillic-ext': 'Onest Cyrillic Ext',
} as const;
const fontFamily = Object.values(subsets)
  .map((name) => `'${name}'`)
  .join(', ');
const weights = [400, 700] as const;

type OgFont = { name: string; data: Buffer; weight: 400 | 700; style: 'normal' };
let fonts: Promise<OgFont[]> | undefined;

function loadFonts(): Promise<OgFont[]> {
  fonts ??= Promise.all(
    weights.flatMap((weight) =>
      Object.entries(subsets).map(async ([subset, name]) => ({
        name,
        data: await readFile(path.join(fontRoot, `onest-${subset}-${weight}-normal.woff`)),
        weight,
        style: 'normal' as const,
      })),
    ),
  );
  return fonts;
}

/** Long titles get a smaller size so that every one fits in three lines. */
function titleSize(title: string): number {
  if (title.length <= 32) return 76;
  if (title.length <= 56) return 64;
  return 52;
}

/** A page's Open Graph image: the brand, a word of context and the page's own title. */
export async function renderOgImage(seo: PageSeo): Promise<Uint8Array<ArrayBuffer>> {
  const host = new URL(env.SITE_URL).host;
  return renderPng(
    <div
      style={{
        ...imageFrame,
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '72px 80px',
        background: `linear-gradient(135deg, ${brandColors.night} 0%, ${brandColors.brand} 100%)`,
        color: 'white',
        fontFamily,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <BrandMark size={64} tile={{ fill: '#ffffff', opacity: 0.12 }} />
        <span style={{ fontSize: 36, fontWeight: 700 }}>{siteConfig.name}</span>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
        <span
          style={{
            fontSize: 28,
            fontWeight: 700,
            color: brandColors.sun,
            textTransform: 'uppercase',
            letterSpacing: 2,
          }}
        >
          {seo.eyebrow}
        </span>
        <span
          style={{
            fontSize: titleSize(seo.title),
            fontWeight: 700,
            lineHeight: 1.12,
            maxWidth: 1040,
          }}
        >
          {seo.title}
        </span>
      </div>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          fontSize: 26,
          color: brandColors.mist,
        }}
      >
        <span>{host}</span>
        <span>{localeInfo[seo.locale].nativeName}</span>
      </div>
    </div>,
    { ...ogImageSize, fonts: await loadFonts() },
  );
}
