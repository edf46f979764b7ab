import { pngToIco, renderBrandIcon } from '@/server/seo/brand-icon';

/**
 * The brand icon as files: `/icons/192.png`, `/icons/512.png` and
 * `/icons/maskable-512.png` for the web app manifest, and `/icons/favicon.ico`,
 * which next.config.ts also serves as `/favicon.ico` for the clients that ask
 * for it without reading the page's icon links.
 */
const icons = {
  '192.png': { size: 192, maskable: false, ico: false },
  '512.png': { size: 512, maskable: false, ico: false },
  'maskable-512.png': { size: 512, maskable: true, ico: false },
  'favicon.ico': { size: 48, maskable: false, ico: true },
} as const;

export const dynamicParams = false;

export function generateStaticParams() {
  return Object.keys(icons).map((file) => ({ file }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const icon = icons[(await params).file as keyof typeof icons];
  const png = renderBrandIcon(icon.size, { maskable: icon.maskable });
  if (!icon.ico) return new Response(png.body, { headers: { 'Content-Type': 'image/png' } });
  return new Response(pngToIco(await png.arrayBuffer(), icon.size), {
    headers: { 'Content-Type': 'image/x-icon' },
  });
}
