import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

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
    <label
      className={cn(
        'flex cursor-pointer gap-3 rounded-2xl border bg-white transition-colors hover:border-brand-500 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
        compact ? 'min-h-11 items-center px-3 py-2 text-sm' : 'items-start p-4',
        'border-line',
      )}
      data-testid={testId}
    >
      <input
        type={type}
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-labelledby={`${id}-title`}
        aria-describedby={described || undefined}
        className={cn(
          'size-4 shrink-0 accent-brand-700 focus-visible:outline-none',
          compact ? '' : 'mt-1',
        )}
      />
      <span className="min-w-0 grow">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
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
