import type { ReactNode } from 'react';

type NumberedStepProps = { number: number; className?: string; children: ReactNode };

/**
 * A step of an ordered list (a case's work, a service's process) with its
 * number drawn large beside it. The number is decoration: the `ol` already
 * numbers its items for a screen reader.
 */
export function NumberedStep({ number, className = 'flex gap-5', children }: NumberedStepProps) {
  return (
    <li className={className}>
      <span aria-hidden="true" className="step-number">
        {number}
      </span>
      <div className="min-w-0">{children}</div>
    </li>
  );
}
