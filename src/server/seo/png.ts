import 'server-only';
import { Resvg } from '@resvg/resvg-js';
import type { ReactNode } from 'react';
import satori, { type SatoriOptions } from 'satori';

export type PngOptions = { width: number; height: number; fonts?: SatoriOptions['fonts'] };

/**
 * A picture drawn from JSX (flexbox layout, inline styles) as PNG bytes:
 * satori lays it out as SVG, resvg rasterises it. Used at build time for the
 * Open Graph images and the icons.
 */
export async function renderPng(
  element: ReactNode,
  { width, height, fonts = [] }: PngOptions,
): Promise<Uint8Array<ArrayBuffer>> {
  const svg = await satori(element, { width, height, fonts });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng();
  return new Uint8Array(png);
}

/** A PNG as the answer of an endpoint. */
export function pngResponse(png: Uint8Array<ArrayBuffer>, type = 'image/png'): Response {
  return new Response(png, { headers: { 'Content-Type': type } });
}
