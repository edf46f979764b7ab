import type { APIRoute } from 'astro';
import { pngToIco, renderBrandIcon } from '@/server/seo/brand-icon';

/** `/favicon.ico`, for the clients that ask for it without reading a page's icon links. */
export const GET: APIRoute = async () =>
  new Response(pngToIco(await renderBrandIcon(48), 48), {
    headers: { 'Content-Type': 'image/x-icon' },
  });
