import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type FieldsetProps = {
  /** Written as the group's `<legend>`, or the group named by a heading elsewhere. */
  legend: ReactNode | { labelledBy: string };
  /** The layout of the controls: a grid's columns, say. */
  className?: string;
  children: ReactNode;
};

const isLabelledBy = (legend: FieldsetProps['legend']): legend is { labelledBy: string } =>
  typeof legend === 'object' && legend !== null && 'labelledBy' in legend;

/** A group of controls with its name: a native `<fieldset>`, so the group is said before its controls. */
export function Fieldset({ legend, className, children }: FieldsetProps) {
  if (isLabelledBy(legend))
    return (
      <fieldset aria-labelledby={legend.labelledBy} className={cn('grid', className)}>
        {children}
      </fieldset>
    );
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <div className={cn('mt-3 grid', className)}>{children}</div>
    </fieldset>
  );
}
