import type { ReactNode } from 'react';
import type { PagePath } from '@/config/navigation';
import { Link } from '@/i18n/navigation';
import { cn } from '@/lib/cn';

type CardCoverProps = {
  image: { src: string; width: number; height: number };
  /** The picture's frame, an `aspect-*` class. */
  aspect: string;
  /** The first card of a list, on screen at once: its picture is not loaded lazily. */
  priority: boolean;
  /** Also ask the browser to fetch it before other pictures (the list's largest paint). */
  fetchFirst?: boolean;
};

/**
 * A card's picture. Decorative (`alt=""`): it shows what the card's title names,
 * and the title's link is what a screen reader reads.
 */
export function CardCover({ image, aspect, priority, fetchFirst = false }: CardCoverProps) {
  return (
    <img
      src={image.src}
      alt=""
      width={image.width}
      height={image.height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={fetchFirst ? (priority ? 'high' : 'auto') : undefined}
      decoding="async"
      className={`${aspect} w-full bg-brand-50 object-cover`}
    />
  );
}

type CardTitleProps = {
  as: 'h2' | 'h3';
  href: PagePath;
  className: string;
  children: ReactNode;
};

/** A card's title, whose link covers the whole card (the card is `relative`). */
export function CardTitle({ as: Heading, href, className, children }: CardTitleProps) {
  return (
    <Heading className={`${className} text-xl leading-snug font-bold`}>
      <Link href={href} className="group-hover:text-brand-700 after:absolute after:inset-0">
        {children}
      </Link>
    </Heading>
  );
}

/** How a list shows its cards: their heading level, whether the first is on screen at once. */
export type CardGridOptions = {
  headingLevel?: 'h2' | 'h3';
  /** The first card is on screen at once (a list page's first): its picture loads first. */
  priorityFirst?: boolean;
  className?: string;
};

type CardGridProps<Item> = CardGridOptions & {
  items: Item[];
  /** A card for an item, given its heading level and whether its picture loads first. */
  card: (item: Item, props: { headingLevel: 'h2' | 'h3'; priority: boolean }) => ReactNode;
};

/** Cards in a grid of up to three columns, one list item each. */
export function CardGrid<Item extends { slug: string }>({
  items,
  card,
  headingLevel = 'h2',
  priorityFirst = false,
  className,
}: CardGridProps<Item>) {
  return (
    <ul className={cn('grid gap-8 md:grid-cols-2 lg:grid-cols-3', className)}>
      {items.map((item, index) => (
        <li key={item.slug}>
          {card(item, { headingLevel, priority: priorityFirst && index === 0 })}
        </li>
      ))}
    </ul>
  );
}
