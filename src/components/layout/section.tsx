import type { ReactNode } from 'react';
import { Container } from '@/components/ui/container';
import { cn } from '@/lib/cn';

type SectionProps = {
  id?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
};

/** A home-page section with an `h2`; its `id` is a target for hash links. */
export function Section({ id, title, lead, children, className }: SectionProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('py-16 sm:py-24', className)}>
      <Container>
        <h2
          id={headingId}
          className="max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-4xl"
        >
          {title}
        </h2>
        {lead ? <p className="mt-4 max-w-2xl text-lg leading-relaxed text-muted">{lead}</p> : null}
        {children}
      </Container>
    </section>
  );
}
