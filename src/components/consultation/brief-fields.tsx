import type { ReactNode } from 'react';
import { controlClass, Field } from '@/components/ui/field';
import { consultationConfig, type BudgetBandId, type ContactTime } from '@/config/consultation';
import type { FormValues } from '@/lib/consultation/form-state';
import type { FieldErrors } from '@/lib/consultation/fields';

export type BriefLabels = {
  name: string;
  optional: string;
  summary: string;
  hint: string;
  messageLabel: string;
  messagePlaceholder: string;
  messageHint: string;
  budgetLabel: string;
  budgetUnsure: string;
  /** Each range in the page's currency, in the config's order. */
  budgets: { id: BudgetBandId; label: string }[];
  timeLabel: string;
  timeHint: string;
  times: { any: string } & Record<ContactTime, string>;
};

type BriefFieldName = 'name' | 'message' | 'budget' | 'time';

type FieldProps = {
  id: string;
  labels: BriefLabels;
  defaults: FormValues;
  errors: FieldErrors;
  errorText: (code: NonNullable<FieldErrors[keyof FieldErrors]>) => string;
  /** The field to focus on the page a refused request gets back. */
  autoFocus?: keyof FieldErrors;
};

/**
 * One field of the brief (ui/field), its control given the name, the value the
 * server sent back and the attributes every control of the brief shares.
 */
function BriefField({
  name,
  label,
  hint,
  props,
  control,
}: {
  name: BriefFieldName;
  label: ReactNode;
  hint?: string;
  props: FieldProps;
  control: (shared: Record<string, unknown>) => ReactNode;
}) {
  const code = props.errors[name];
  const error = code ? props.errorText(code) : undefined;
  return (
    <Field
      id={`${props.id}-${name}`}
      label={label}
      hint={hint}
      error={error}
      errorTestId={`${name}-error`}
    >
      {(field) =>
        control({
          ...field,
          name,
          defaultValue: props.defaults[name],
          autoFocus: props.autoFocus === name,
          className: controlClass({ invalid: !!error, multiline: name === 'message' }),
        })
      }
    </Field>
  );
}

const optional = (text: string, labels: BriefLabels) => (
  <>
    {text} <span className="font-normal text-muted">({labels.optional})</span>
  </>
);

/** The visitor's name: optional, above the contact. */
export function NameField(props: FieldProps) {
  return (
    <BriefField
      name="name"
      label={optional(props.labels.name, props.labels)}
      props={props}
      control={(shared) => (
        <input
          {...shared}
          type="text"
          autoComplete="name"
          maxLength={consultationConfig.maxNameLength}
        />
      )}
    />
  );
}

/**
 * What the project is, its budget and when to talk: folded away (a native
 * `<details>`, so it opens without script) unless something in it was filled
 * in or needs fixing.
 */
export function BriefDetails(props: FieldProps) {
  const { labels, defaults, errors } = props;
  const open = Boolean(
    defaults.message ||
    defaults.budget ||
    defaults.time ||
    errors.message ||
    errors.budget ||
    errors.time,
  );
  return (
    <details open={open} className="group/details rounded-xl border border-line bg-white">
      <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-xl px-4 py-2 text-sm font-semibold text-ink marker:content-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        <span>{optional(labels.summary, labels)}</span>
        <span
          aria-hidden="true"
          className="size-2.5 shrink-0 rotate-45 border-r-2 border-b-2 border-current text-muted transition-transform group-open/details:-rotate-135"
        />
      </summary>
      <div className="space-y-5 border-t border-line px-4 pt-4 pb-5">
        <p className="text-sm text-muted">{labels.hint}</p>
        <BriefField
          name="message"
          label={labels.messageLabel}
          hint={labels.messageHint}
          props={props}
          control={(shared) => (
            <textarea
              {...shared}
              rows={4}
              maxLength={consultationConfig.maxMessageLength}
              placeholder={labels.messagePlaceholder}
            />
          )}
        />
        <div className="space-y-5">
          <BriefField
            name="budget"
            label={labels.budgetLabel}
            props={props}
            control={(shared) => (
              <select {...shared}>
                <option value="">{labels.budgetUnsure}</option>
                {labels.budgets.map((budget) => (
                  <option key={budget.id} value={budget.id}>
                    {budget.label}
                  </option>
                ))}
              </select>
            )}
          />
          <BriefField
            name="time"
            label={labels.timeLabel}
            hint={labels.timeHint}
            props={props}
            control={(shared) => (
              <select {...shared}>
                <option value="">{labels.times.any}</option>
                {consultationConfig.contactTimes.map((time) => (
                  <option key={time} value={time}>
                    {labels.times[time]}
                  </option>
                ))}
              </select>
            )}
          />
        </div>
      </div>
    </details>
  );
}
