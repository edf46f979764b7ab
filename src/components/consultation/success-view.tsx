'use client';

import { useEffect, useRef } from 'react';
import { buttonClass } from '@/components/ui/button';
import type { ContactMethod } from '@/lib/consultation/schema';

export type SuccessLabels = {
  title: string;
  /** What happens next, for each way of being contacted. */
  text: Record<ContactMethod, string>;
  reference: string;
  another: string;
};

type SuccessViewProps = {
  labels: SuccessLabels;
  reference: string;
  method: ContactMethod;
  onAnother: () => void;
};

/**
 * The answer to a request that was accepted. It takes focus as it appears, so
 * it is read out and scrolled into view: on the page a request sent without
 * JavaScript gets back, by the browser's `autofocus`; after a request sent by
 * script, here (React focuses only form controls marked `autoFocus`).
 */
export function SuccessView({ labels, reference, method, onAnother }: SuccessViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      autoFocus
      className="scroll-mt-24 rounded-2xl bg-brand-50 p-6 outline-none"
      data-testid="consultation-success"
    >
      <h3 className="text-xl font-bold text-ink">{labels.title}</h3>
      <p className="mt-2 leading-relaxed text-muted">{labels.text[method]}</p>
      <p className="mt-4 text-sm text-muted">
        {labels.reference}:{' '}
        <strong
          className="font-mono text-lg tracking-wider text-ink"
          data-testid="consultation-reference"
        >
          {reference}
        </strong>
      </p>
      <button
        type="button"
        className={buttonClass({ variant: 'secondary', className: 'mt-6' })}
        onClick={onAnother}
      >
        {labels.another}
      </button>
    </div>
  );
}
