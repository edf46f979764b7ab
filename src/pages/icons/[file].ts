import type { APIRoute, GetStaticPaths } from 'astro';
import { renderBrandIcon } from '@/server/seo/brand-icon';
import { pngResponse } from '@/server/seo/png';

/**
 * The brand icon as files: `/icons/192.png`, `/icons/512.png` and
 * `/icons/maskable-512.png` for the web app manifest, and the one iOS puts on
 * the home screen (it rounds the corners itself).
 */
const icons = {
  '192.png': { size: 192, maskable: false },
  '512.png': { size: 512, maskable: false },
  'maskable-512.png': { size: 512, maskable: true },
  'apple-touch-icon.png': { size: 180, maskable: true },
} as const;

type IconFile = keyof typeof icons;

export const getStaticPaths = (() =>
  (Object.keys(icons) as IconFile[]).map((file) => ({
    params: { file },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const icon = icons[params.file as IconFile];
  return pngResponse(await renderBrandIcon(icon.size, { maskable: icon.maskable }));
};
