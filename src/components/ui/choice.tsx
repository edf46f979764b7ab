import { useId, type ReactNode } from 'react';

type ChoiceProps = {
  type: 'radio' | 'checkbox';
  name: string;
  value: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  title: ReactNode;
  /** Shown beside the title: a price, say. */
  aside?: ReactNode;
  description?: ReactNode;
  compact?: boolean;
  testId?: string;
};

/**
 * A radio button or checkbox as a card: the native input (so the form works
 * without JavaScript and the keyboard works as everywhere), the whole card its label.
 */
export function Choice({
  type,
  name,
  value,
  checked,
  onChange,
  title,
  aside,
  description,
  compact,
  testId,
}: ChoiceProps) {
  // The title names the input; the price and description describe it, so a
  // screen reader says "Online shop, radio button" before the details.
  const id = useId();
  const described = [aside ? `${id}-aside` : '', description ? `${id}-description` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <label className={compact ? 'choice choice-sm' : 'choice choice-lg'} data-testid={testId}>
      <input
        type={type}
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-labelledby={`${id}-title`}
        aria-describedby={described || undefined}
        className={compact ? 'choice-input' : 'choice-input mt-1'}
      />
      <span className="min-w-0 grow">
        <span className="choice-head">
          <span id={`${id}-title`} className="font-semibold text-ink">
            {title}
          </span>
          {aside ? (
            <span id={`${id}-aside`} className="text-sm font-medium text-brand-700">
              {aside}
            </span>
          ) : null}
        </span>
        {description ? (
          <span id={`${id}-description`} className="mt-1 block text-sm leading-relaxed text-muted">
            {description}
          </span>
        ) : null}
      </span>
    </label>
  );
}
