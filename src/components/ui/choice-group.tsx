import type { ComponentProps, ReactNode } from 'react';
import { Choice } from './choice';
import { Fieldset } from './fieldset';

export type ChoiceOption<T extends string> = {
  value: T;
  title: ReactNode;
  aside?: ReactNode;
  description?: ReactNode;
  testId?: string;
};

type ChoiceGroupProps<T extends string> = {
  legend: ComponentProps<typeof Fieldset>['legend'];
  type: 'radio' | 'checkbox';
  name: string;
  options: readonly ChoiceOption<T>[];
  isChecked: (value: T) => boolean;
  onChange: (value: T, checked: boolean) => void;
  compact?: boolean;
  /** The grid of the cards: gaps and columns. */
  className?: string;
};

/** Radio buttons or checkboxes as cards, in a named group. */
export function ChoiceGroup<T extends string>({
  legend,
  type,
  name,
  options,
  isChecked,
  onChange,
  compact,
  className,
}: ChoiceGroupProps<T>) {
  return (
    <Fieldset legend={legend} className={className}>
      {options.map((option) => (
        <Choice
          key={option.value}
          type={type}
          name={name}
          value={option.value}
          checked={isChecked(option.value)}
          onChange={(checked) => onChange(option.value, checked)}
          title={option.title}
          aside={option.aside}
          description={option.description}
          compact={compact}
          testId={option.testId}
        />
      ))}
    </Fieldset>
  );
}
