import type { ServiceSlug } from '@/config/services';
import sprite from './icons.svg';

export type IconName =
  | `service-${ServiceSlug}`
  | `social-${'instagram' | 'telegram' | 'whatsapp'}`
  | 'plus'
  | 'arrow-left'
  | 'arrow-right'
  | 'external'
  | 'rss';

/** The sprite's address: a hashed file under /_astro, cached for good. */
const spriteUrl: string = (sprite as { src: string }).src;

type IconProps = { name: IconName; className?: string };

/**
 * A decorative icon from one sprite file (`icons.svg`), drawn in currentColor.
 * A page names its icons instead of carrying their drawings twice (in its HTML
 * and again in React's data); the sprite is fetched once for the whole site.
 * The header's own icons stay inline: they must show at the first paint.
 */
export function Icon({ name, className }: IconProps) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
