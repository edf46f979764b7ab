import type { ReactNode } from 'react';

type PartProps = { id: string; title: string; className?: string; children: ReactNode };

/** A part of a page (a case's task, a service's process): a section labelled by its own h2. */
export function Part({ id, title, className, children }: PartProps) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="part-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
