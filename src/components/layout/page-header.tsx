import type { ReactNode } from 'react';
import { Container } from '@/components/ui/container';

type PageHeaderProps = {
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  children?: ReactNode;
};

/** The top of an inner page: its one `h1` and a lead paragraph. */
export function PageHeader({ title, eyebrow, intro, children }: PageHeaderProps) {
  return (
    <div className="border-b border-line bg-gradient-to-b from-brand-50 to-white">
      <Container className="py-14 sm:py-20 print:py-6">
        {eyebrow ? (
          <p className="mb-3 text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">
          {title}
        </h1>
        {intro ? (
          <div className="mt-5 max-w-2xl text-lg leading-relaxed text-muted">{intro}</div>
        ) : null}
        {children}
      </Container>
    </div>
  );
}
