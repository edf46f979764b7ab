import { useId } from 'react';

type NumberFieldProps = {
  name: string;
  label: string;
  hint: string;
  min: number;
  max: number;
  text: string;
  onText: (text: string) => void;
  onSettle: () => void;
  /** Said when the number typed is out of range and the nearest allowed one is used. */
  adjusted: string | null;
};

/** A whole-number field whose range is said, not only enforced. */
export function NumberField({
  name,
  label,
  hint,
  min,
  max,
  text,
  onText,
  onSettle,
  adjusted,
}: NumberFieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={text}
        onChange={(event) => onText(event.target.value)}
        onBlur={onSettle}
        aria-describedby={`${id}-hint${adjusted ? ` ${id}-adjusted` : ''}`}
        className="mt-2 block h-12 w-40 rounded-xl border border-line bg-white px-4 text-base text-ink tabular-nums"
        data-testid={`field-${name}`}
      />
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
        {hint}
      </p>
      {adjusted ? (
        <p id={`${id}-adjusted`} className="mt-1 text-sm font-medium text-amber-800">
          {adjusted}
        </p>
      ) : null}
    </div>
  );
}
