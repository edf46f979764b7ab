import { controlClass, Field } from '@/components/ui/field';
import { Fieldset } from '@/components/ui/fieldset';
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
  /** Focused on the page that answers a post without script (the first field to fix). */
  takeFocus?: boolean;
};

/** How to reach the visitor: the method (radios that work without script) and the contact itself. */
export function ContactField({
  id,
  labels,
  method,
  onMethodChange,
  defaults,
  error,
  takeFocus,
}: ContactFieldProps) {
  const input = methodInput[method];
  return (
    <>
      <Fieldset legend={labels.methodLegend} className="grid-cols-2 gap-2 sm:flex sm:flex-wrap">
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
      </Fieldset>

      <Field
        id={`${id}-contact`}
        label={<PerMethodText texts={labels.contactLabel} />}
        hint={<PerMethodText texts={labels.contactHint} />}
        error={error}
        errorTestId="contact-error"
      >
        {(field) => (
          <input
            {...field}
            name="contact"
            type={input.type}
            inputMode={input.inputMode}
            autoComplete={input.autoComplete}
            placeholder={labels.contactExample[method]}
            defaultValue={defaults.contact}
            maxLength={300}
            required
            // eslint-disable-next-line jsx-a11y/no-autofocus -- only on the page that answers a post without script, where the browser's autofocus is the one way to bring the visitor to what needs attention
            autoFocus={takeFocus}
            className={controlClass({ invalid: !!error })}
          />
        )}
      </Field>
    </>
  );
}
