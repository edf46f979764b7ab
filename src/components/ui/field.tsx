import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** What a field hands its control: its id and how it is described, for screen readers. */
export type FieldControl = {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

type FieldProps = {
  /** The control's id; the hint, note and error get ids made from it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Said under the hint, as information: "the nearest allowed number is used". */
  note?: ReactNode;
  /** Said in the error colour; the control is marked invalid. */
  error?: ReactNode;
  errorTestId?: string;
  children: (control: FieldControl) => ReactNode;
};

/**
 * One form field: its label, its control, a hint, a note and an error, tied
 * together for screen readers (`aria-describedby`, `aria-invalid`). The
 * control is the caller's: an input, a textarea or a select.
 */
export function Field({ id, label, hint, note, error, errorTestId, children }: FieldProps) {
  const described = [hint && `${id}-hint`, note && `${id}-note`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {note ? (
        <p id={`${id}-note`} className="mt-1 text-sm font-medium text-amber-800">
          {note}
        </p>
      ) : null}
      {error ? (
        <p
          id={`${id}-error`}
          className="mt-1.5 text-sm font-medium text-red-700"
          data-testid={errorTestId}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The look of a text control: one line (or `multiline`), red-edged when invalid. */
export function controlClass({
  invalid = false,
  multiline = false,
  className,
}: { invalid?: boolean; multiline?: boolean; className?: string } = {}) {
  return cn(
    'mt-2 block rounded-xl border bg-white px-4 text-base text-ink placeholder:text-slate-500',
    invalid ? 'border-red-600' : 'border-line',
    multiline ? 'min-h-28 py-3 leading-relaxed' : 'h-12',
    className ?? 'w-full',
  );
}
