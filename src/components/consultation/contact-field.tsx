import { cn } from '@/lib/cn';
import { contactMethods, type ContactMethod } from '@/lib/consultation/fields';

type PerMethod = Record<ContactMethod, string>;

export type ContactFieldLabels = {
  methodLegend: string;
  methods: PerMethod;
  contactLabel: PerMethod;
  contactExample: PerMethod;
  contactHint: PerMethod;
};

const methodInput: Record<
  ContactMethod,
  { type: string; inputMode: 'tel' | 'email' | 'text'; autoComplete: string }
> = {
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  telegram: { type: 'text', inputMode: 'text', autoComplete: 'off' },
  whatsapp: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
};

// Which text is shown follows the checked radio through CSS, so the label and
// hint are right even without JavaScript; hidden ones are not read out either.
const shownFor: Record<ContactMethod, string> = {
  phone: 'hidden group-has-[input[value=phone]:checked]/form:inline',
  email: 'hidden group-has-[input[value=email]:checked]/form:inline',
  telegram: 'hidden group-has-[input[value=telegram]:checked]/form:inline',
  whatsapp: 'hidden group-has-[input[value=whatsapp]:checked]/form:inline',
};

function PerMethodText({ texts }: { texts: PerMethod }) {
  return (
    <>
      {contactMethods.map((method) => (
        <span key={method} className={shownFor[method]}>
          {texts[method]}
        </span>
      ))}
    </>
  );
}

type ContactFieldProps = {
  id: string;
  labels: ContactFieldLabels;
  /** The method the field is shaped for (input type, keyboard, example). */
  method: ContactMethod;
  onMethodChange: (method: ContactMethod) => void;
  /** What the last answer of the server sent back, shown as the fields' defaults. */
  defaults: { method: ContactMethod; contact: string };
  error?: string;
  autoFocus?: boolean;
};

/** How to reach the visitor: the method (radios that work without script) and the contact itself. */
export function ContactField({
  id,
  labels,
  method,
  onMethodChange,
  defaults,
  error,
  autoFocus,
}: ContactFieldProps) {
  const input = methodInput[method];
  const hintId = `${id}-hint`;
  const errorId = `${id}-contact-error`;
  return (
    <>
      <fieldset>
        <legend className="text-sm font-semibold text-ink">{labels.methodLegend}</legend>
        <div className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {contactMethods.map((option) => (
            <label
              key={option}
              className="flex min-h-11 grow cursor-pointer items-center justify-center gap-2 rounded-xl border border-line bg-white px-3 text-sm font-medium text-ink transition-colors hover:border-brand-500 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
            >
              <input
                type="radio"
                name="method"
                value={option}
                defaultChecked={defaults.method === option}
                onChange={() => onMethodChange(option)}
                className="size-4 accent-brand-700 focus-visible:outline-none"
              />
              {labels.methods[option]}
            </label>
          ))}
        </div>
      </fieldset>

      <div>
        <label htmlFor={`${id}-contact`} className="block text-sm font-semibold text-ink">
          <PerMethodText texts={labels.contactLabel} />
        </label>
        <input
          id={`${id}-contact`}
          name="contact"
          type={input.type}
          inputMode={input.inputMode}
          autoComplete={input.autoComplete}
          placeholder={labels.contactExample[method]}
          defaultValue={defaults.contact}
          maxLength={300}
          required
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
          className={cn(
            'mt-2 block h-12 w-full rounded-xl border bg-white px-4 text-base text-ink placeholder:text-slate-500',
            error ? 'border-red-600' : 'border-line',
          )}
        />
        <p id={hintId} className="mt-1.5 text-sm text-muted">
          <PerMethodText texts={labels.contactHint} />
        </p>
        {error ? (
          <p
            id={errorId}
            className="mt-1.5 text-sm font-medium text-red-700"
            data-testid="contact-error"
          >
            {error}
          </p>
        ) : null}
      </div>
    </>
  );
}
