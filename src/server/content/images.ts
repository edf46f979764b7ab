import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { ImageSize } from '@/lib/markdown/rehype-images';
import { ContentError } from '@/lib/content/validate';

// Pictures are measured while pages are built; the server itself never reads them.
const publicRoot = path.join(/* turbopackIgnore: true */ process.cwd(), 'public');
const sizes = new Map<string, ImageSize>();

function svgSize(svg: string): ImageSize | undefined {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const attr = (name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)(?:px)?"`).exec(tag)?.[1]);
  const [width, height] = [attr('width'), attr('height')];
  if (width > 0 && height > 0) return { width, height };
  const box = /\sviewBox="[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(tag);
  return box ? { width: Number(box[1]), height: Number(box[2]) } : undefined;
}

/**
 * Width and height of an image under public/images. Content may only show
 * images committed to the site, so anything else fails the build.
 */
export function resolveImageSize(src: string): ImageSize {
  const cached = sizes.get(src);
  if (cached) return cached;
  if (!src.startsWith('/images/') || src.includes('..')) {
    throw new ContentError(`image ${src}: content images must be files under public/images`);
  }
  const file = path.join(publicRoot, src);
  let size: ImageSize | undefined;
  try {
    const data = readFileSync(file);
    size = src.endsWith('.svg') ? svgSize(data.toString('utf8')) : imageSize(data);
  } catch {
    throw new ContentError(`image ${src}: no such file in public/`);
  }
  if (!size?.width || !size.height)
    throw new ContentError(`image ${src}: cannot tell its width and height`);
  const result = { width: size.width, height: size.height };
  sizes.set(src, result);
  return result;
}
