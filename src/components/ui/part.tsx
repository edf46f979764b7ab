import type { ReactNode } from 'react';

type PartProps = {
  id: string;
  title: string;
  /** The landmark: a section by default, an aside or a navigation where the part is one. */
  as?: 'section' | 'aside' | 'nav';
  /** The heading's look (`part-title` by default; `sr-only` to name the part for screen readers only). */
  titleClassName?: string;
  className?: string;
  children: ReactNode;
};

/**
 * A part of a page (a case's task, a service's process, an article's contents):
 * a landmark labelled by its own h2, whose id is `id`.
 */
export function Part({
  id,
  title,
  as: Landmark = 'section',
  titleClassName = 'part-title',
  className,
  children,
}: PartProps) {
  return (
    <Landmark aria-labelledby={id} className={className}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </Landmark>
  );
}
