import { useId } from 'react';
import { controlClass, Field } from './field';

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
    <Field id={id} label={label} hint={hint} note={adjusted}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={text}
          onChange={(event) => onText(event.target.value)}
          onBlur={onSettle}
          className={controlClass({ className: 'w-40' })}
          data-testid={`field-${name}`}
        />
      )}
    </Field>
  );
}
