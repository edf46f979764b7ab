import type { ReactNode } from 'react';
import { Container } from '@/components/ui/container';
import { cn } from '@/lib/cn';

type SectionProps = {
  id?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** For a layout of its own: the title and what follows are the container's children. */
  containerClassName?: string;
};

/** A page section named by its `h2`; its `id` is a target for hash links. */
export function Section({
  id,
  title,
  lead,
  children,
  className,
  containerClassName,
}: SectionProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('section', className)}>
      <Container className={containerClassName}>
        <h2 id={headingId} className="section-title">
          {title}
        </h2>
        {lead ? <p className="section-lead">{lead}</p> : null}
        {children}
      </Container>
    </section>
  );
}
