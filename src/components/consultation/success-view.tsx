import { useEffect, useRef } from 'react';
import { buttonClass } from '@/components/ui/button';
import type { ContactMethod } from '@/lib/consultation/fields';

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
  heading: 'h2' | 'h3';
  /** The answer came by script while the visitor was here: take focus now. */
  focus: boolean;
  onAnother: () => void;
};

/**
 * The answer to a request that was accepted. It takes focus as it appears, so
 * it is read out and scrolled into view: on the page a request sent without
 * JavaScript gets back, by the browser's `autofocus`; after a request sent by
 * script, here (React focuses only form controls marked `autoFocus`). Hydrating
 * the page without script's answer leaves focus where the visitor has put it since.
 */
export function SuccessView({
  labels,
  reference,
  method,
  heading: Heading,
  focus,
  onAnother,
}: SuccessViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the thank-you a post without script gets back is brought into view and read out by the browser's autofocus
      autoFocus
      className="scroll-mt-24 rounded-2xl bg-brand-50 p-6 outline-none"
      data-testid="consultation-success"
    >
      <Heading className="text-xl font-bold text-ink">{labels.title}</Heading>
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
