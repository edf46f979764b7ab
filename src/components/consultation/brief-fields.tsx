import { consultationConfig, type BudgetBandId, type ContactTime } from '@/config/consultation';
import { cn } from '@/lib/cn';
import type { FormValues } from '@/lib/consultation/form-state';
import type { FieldErrors } from '@/lib/consultation/schema';

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

const fieldClass = (invalid: boolean) =>
  cn(
    'mt-2 block w-full rounded-xl border bg-white px-4 text-base text-ink placeholder:text-slate-500',
    invalid ? 'border-red-600' : 'border-line',
  );

type FieldProps = {
  id: string;
  labels: BriefLabels;
  defaults: FormValues;
  errors: FieldErrors;
  errorText: (code: NonNullable<FieldErrors[keyof FieldErrors]>) => string;
  /** The field to focus on the page a refused request gets back. */
  autoFocus?: keyof FieldErrors;
};

function ErrorLine({ id, field, text }: { id: string; field: string; text?: string }) {
  return text ? (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700" data-testid={`${field}-error`}>
      {text}
    </p>
  ) : null;
}

/** The visitor's name: optional, above the contact. */
export function NameField({ id, labels, defaults, errors, errorText, autoFocus }: FieldProps) {
  const error = errors.name ? errorText(errors.name) : undefined;
  return (
    <div>
      <label htmlFor={`${id}-name`} className="block text-sm font-semibold text-ink">
        {labels.name} <span className="font-normal text-muted">({labels.optional})</span>
      </label>
      <input
        id={`${id}-name`}
        name="name"
        type="text"
        autoComplete="name"
        maxLength={consultationConfig.maxNameLength}
        defaultValue={defaults.name}
        autoFocus={autoFocus === 'name'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-name-error` : undefined}
        className={cn(fieldClass(Boolean(error)), 'h-12')}
      />
      <ErrorLine id={`${id}-name-error`} field="name" text={error} />
    </div>
  );
}

/**
 * What the project is, its budget and when to talk: folded away (a native
 * `<details>`, so it opens without script) unless something in it was filled
 * in or needs fixing.
 */
export function BriefDetails({ id, labels, defaults, errors, errorText, autoFocus }: FieldProps) {
  const open =
    Boolean(defaults.message || defaults.budget || defaults.time) ||
    Boolean(errors.message || errors.budget || errors.time);
  const messageError = errors.message ? errorText(errors.message) : undefined;
  const budgetError = errors.budget ? errorText(errors.budget) : undefined;
  const timeError = errors.time ? errorText(errors.time) : undefined;
  return (
    <details open={open} className="group/details rounded-xl border border-line bg-white">
      <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-xl px-4 py-2 text-sm font-semibold text-ink marker:content-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        <span>
          {labels.summary} <span className="font-normal text-muted">({labels.optional})</span>
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-5 shrink-0 text-muted transition-transform group-open/details:rotate-180"
        >
          <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </summary>
      <div className="space-y-5 border-t border-line px-4 pt-4 pb-5">
        <p className="text-sm text-muted">{labels.hint}</p>
        <div>
          <label htmlFor={`${id}-message`} className="block text-sm font-semibold text-ink">
            {labels.messageLabel}
          </label>
          <textarea
            id={`${id}-message`}
            name="message"
            rows={4}
            maxLength={consultationConfig.maxMessageLength}
            placeholder={labels.messagePlaceholder}
            defaultValue={defaults.message}
            autoFocus={autoFocus === 'message'}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={`${id}-message-hint${messageError ? ` ${id}-message-error` : ''}`}
            className={cn(fieldClass(Boolean(messageError)), 'min-h-28 py-3 leading-relaxed')}
          />
          <p id={`${id}-message-hint`} className="mt-1.5 text-sm text-muted">
            {labels.messageHint}
          </p>
          <ErrorLine id={`${id}-message-error`} field="message" text={messageError} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-budget`} className="block text-sm font-semibold text-ink">
              {labels.budgetLabel}
            </label>
            <select
              id={`${id}-budget`}
              name="budget"
              defaultValue={defaults.budget}
              autoFocus={autoFocus === 'budget'}
              aria-invalid={budgetError ? true : undefined}
              aria-describedby={budgetError ? `${id}-budget-error` : undefined}
              className={cn(fieldClass(Boolean(budgetError)), 'h-12')}
            >
              <option value="">{labels.budgetUnsure}</option>
              {labels.budgets.map((budget) => (
                <option key={budget.id} value={budget.id}>
                  {budget.label}
                </option>
              ))}
            </select>
            <ErrorLine id={`${id}-budget-error`} field="budget" text={budgetError} />
          </div>
          <div>
            <label htmlFor={`${id}-time`} className="block text-sm font-semibold text-ink">
              {labels.timeLabel}
            </label>
            <select
              id={`${id}-time`}
              name="time"
              defaultValue={defaults.time}
              autoFocus={autoFocus === 'time'}
              aria-invalid={timeError ? true : undefined}
              aria-describedby={`${id}-time-hint${timeError ? ` ${id}-time-error` : ''}`}
              className={cn(fieldClass(Boolean(timeError)), 'h-12')}
            >
              <option value="">{labels.times.any}</option>
              {consultationConfig.contactTimes.map((time) => (
                <option key={time} value={time}>
                  {labels.times[time]}
                </option>
              ))}
            </select>
            <p id={`${id}-time-hint`} className="mt-1.5 text-sm text-muted">
              {labels.timeHint}
            </p>
            <ErrorLine id={`${id}-time-error`} field="time" text={timeError} />
          </div>
        </div>
      </div>
    </details>
  );
}
