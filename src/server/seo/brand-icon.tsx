import 'server-only';
import { renderPng } from './png';

export const brandColors = {
  night: '#1e1b4b',
  brand: '#4338ca',
  sun: '#f59e0b',
  mist: '#c7d2fe',
} as const;

/**
 * The brand mark for the image renderer: a sun rising over the horizon, as in
 * the header's logo and `app/icon.svg`. `tile` is the rounded square behind it.
 */
export function BrandMark({
  size,
  tile,
}: {
  size: number;
  tile?: { fill: string; opacity?: number };
}) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32">
      {tile ? (
        <rect width="32" height="32" rx="9" fill={tile.fill} fillOpacity={tile.opacity ?? 1} />
      ) : null}
      <path d="M8 21a8 8 0 0 1 16 0z" fill={brandColors.sun} />
      <path d="M6 23.5h20" stroke="white" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The root box of a picture (Satori lays out with flexbox only). */
export const imageFrame = { width: '100%', height: '100%', display: 'flex' } as const;

/**
 * The brand mark as a square PNG. `maskable` leaves the safe zone an app
 * launcher may crop away.
 */
export function renderBrandIcon(
  size: number,
  { maskable = false } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const mark = maskable ? size * 0.6 : size;
  return renderPng(
    <div
      style={{
        ...imageFrame,
        alignItems: 'center',
        justifyContent: 'center',
        background: maskable ? brandColors.brand : 'transparent',
      }}
    >
      <BrandMark size={mark} tile={maskable ? undefined : { fill: brandColors.brand }} />
    </div>,
    { width: size, height: size },
  );
}

/**
 * An .ico file holding one PNG: every browser since 2009 reads it, and it
 * spares a binary file in the repository.
 */
export function pngToIco(png: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const data = png;
  const ico = new Uint8Array(6 + 16 + data.length);
  const view = new DataView(ico.buffer);
  view.setUint16(2, 1, true); // type: icon
  view.setUint16(4, 1, true); // one image
  ico[6] = size >= 256 ? 0 : size; // width, 0 meaning 256
  ico[7] = size >= 256 ? 0 : size; // height
  view.setUint16(10, 1, true); // colour planes
  view.setUint16(12, 32, true); // bits per pixel
  view.setUint32(14, data.length, true);
  view.setUint32(18, 22, true); // where the image starts
  ico.set(data, 22);
  return ico;
}
