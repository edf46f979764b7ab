'use client';

import { useActionState, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button';
import type { LangCode } from '@/i18n/locales';
import { Link } from '@/i18n/navigation';
import { cn } from '@/lib/cn';
import { initialValues, type ConsultationState } from '@/lib/consultation/form-state';
import type {
  ConsultationErrorCode,
  ContactMethod,
  FieldErrors,
  validateConsultation,
} from '@/lib/consultation/schema';
import { submitConsultation } from '@/server/actions/consultation';
import { useAttachedEstimate } from '@/components/calculator/attached-estimate';

type PerMethod = Record<ContactMethod, string>;

export type ConsultationFormLabels = {
  form: string;
  methodLegend: string;
  methods: PerMethod;
  contactLabel: PerMethod;
  contactExample: PerMethod;
  contactHint: PerMethod;
  consent: string;
  privacyLink: string;
  honeypot: string;
  submit: string;
  submitting: string;
  attachEstimate: string;
  errors: Record<ConsultationErrorCode, string>;
  errorSummary: string;
  network: string;
  retry: string;
  success: { title: string; text: string; reference: string; another: string };
};

type ConsultationFormProps = {
  labels: ConsultationFormLabels;
  language: LangCode;
  /** The page the form is on, recorded with the consent, and where a no-JavaScript post lands. */
  page: string;
};

const methodInput: Record<
  ContactMethod,
  { type: string; inputMode: 'tel' | 'email' | 'text'; autoComplete: string }
> = {
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  telegram: { type: 'text', inputMode: 'text', autoComplete: 'off' },
};

const loadValidation = () => import('@/lib/consultation/schema');

// Which text is shown follows the checked radio through CSS, so the label and
// hint are right even without JavaScript; hidden ones are not read out either.
const shownFor: Record<ContactMethod, string> = {
  phone: 'hidden group-has-[input[value=phone]:checked]/form:inline',
  email: 'hidden group-has-[input[value=email]:checked]/form:inline',
  telegram: 'hidden group-has-[input[value=telegram]:checked]/form:inline',
};

function PerMethodText({ texts }: { texts: PerMethod }) {
  return (
    <>
      {(['phone', 'email', 'telegram'] as const).map((method) => (
        <span key={method} className={shownFor[method]}>
          {texts[method]}
        </span>
      ))}
    </>
  );
}
const loadHttp = () => import('@/lib/http/client');

/**
 * The consultation form. It works as a plain HTML form (the server action
 * renders the result), and with JavaScript it checks fields as the server
 * would, fetches its anti-spam token, shows progress and never sends twice.
 */
export function ConsultationForm({ labels, language, page }: ConsultationFormProps) {
  const [state, formAction, pending] = useActionState(submitConsultation, {
    status: 'idle',
    values: initialValues,
  } satisfies ConsultationState);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const showForm = state.status !== 'success' || dismissed === state.reference;
  const values = state.status === 'success' ? initialValues : state.values;
  const [method, setMethod] = useState<ContactMethod>(values.method);
  // Errors found in the browser belong to the server state they were found in.
  const [clientCheck, setClientCheck] = useState<{
    state: ConsultationState;
    errors: FieldErrors;
  } | null>(null);
  const clientErrors = clientCheck?.state === state ? clientCheck.errors : {};
  const [ticket, setTicket] = useState<{ token: string; key: string } | null>(null);
  const [networkError, setNetworkError] = useState(false);
  const [round, setRound] = useState(0);
  const validate = useRef<typeof validateConsultation | null>(null);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  // On the calculator page the request can carry the estimate on screen.
  const attached = useAttachedEstimate();
  const [attach, setAttach] = useState(true);
  const [sendRequests, setSendRequests] = useState(attached?.sendRequests ?? 0);
  if (attached && attached.sendRequests !== sendRequests) {
    setSendRequests(attached.sendRequests);
    setAttach(true);
  }

  // The checker (zod and the phone number rules) is loaded when the visitor
  // first turns to the form, not with the page: it would only slow the page down.
  function loadChecker() {
    if (validate.current) return;
    void loadValidation().then((module) => {
      validate.current = module.validateConsultation;
    });
  }

  // After the page is interactive: the token that tells the server how long
  // the form has been open (fetched anew for each request).
  useEffect(() => {
    let cancelled = false;
    loadHttp()
      .then(({ http }) => http<{ token: string; key: string }>('/api/leads/token'))
      .then((fresh) => {
        if (!cancelled) setTicket(fresh);
      })
      .catch(() => {
        // Without a token the server asks to confirm once: nothing is lost.
      });
    return () => {
      cancelled = true;
    };
  }, [round]);

  // Each answer of the server: show its method, and move focus to what needs attention.
  const [shownState, setShownState] = useState(state);
  if (shownState !== state) {
    setShownState(state);
    if (state.status !== 'success') setMethod(state.values.method);
  }
  useEffect(() => {
    if (state.status === 'success') {
      successRef.current?.focus();
      return;
    }
    if (state.status === 'invalid') {
      const first = (['method', 'contact', 'consent'] as const).find(
        (field) => state.errors[field],
      );
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    } else if (state.status === 'failed') {
      alertRef.current?.focus();
    }
  }, [state]);

  useEffect(() => {
    if (networkError) alertRef.current?.focus();
  }, [networkError]);

  const serverErrors = state.status === 'invalid' ? state.errors : {};
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };
  // A token from the server (the confirm step) wins over the one fetched on arrival.
  const token = (state.status !== 'success' && state.token) || ticket?.token || '';
  const key = (state.status !== 'success' && state.key) || ticket?.key || '';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setNetworkError(false);
    if (!navigator.onLine) {
      event.preventDefault();
      setNetworkError(true);
      return;
    }
    // The same schema as the server, once it has arrived; the server checks again anyway.
    if (!validate.current) return;
    const data = new FormData(event.currentTarget);
    const result = validate.current({
      language,
      method: data.get('method'),
      contact: data.get('contact'),
      consent: data.get('consent') ?? undefined,
    });
    if (!result.ok) {
      event.preventDefault();
      setClientCheck({ state, errors: result.errors });
      const first = (['method', 'contact', 'consent'] as const).find(
        (field) => result.errors[field],
      );
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  }

  if (!showForm && state.status === 'success') {
    return (
      <div
        ref={successRef}
        tabIndex={-1}
        role="status"
        className="rounded-2xl bg-brand-50 p-6 outline-none"
        data-testid="consultation-success"
      >
        <h3 className="text-xl font-bold text-ink">{labels.success.title}</h3>
        <p className="mt-2 leading-relaxed text-muted">{labels.success.text}</p>
        <p className="mt-4 text-sm text-muted">
          {labels.success.reference}:{' '}
          <strong
            className="font-mono text-lg tracking-wider text-ink"
            data-testid="consultation-reference"
          >
            {state.reference}
          </strong>
        </p>
        <button
          type="button"
          className={buttonClass({ variant: 'secondary', className: 'mt-6' })}
          onClick={() => {
            setDismissed(state.reference);
            setTicket(null);
            setMethod('phone');
            setRound((n) => n + 1);
          }}
        >
          {labels.success.another}
        </button>
      </div>
    );
  }

  const failureMessage = networkError
    ? labels.network
    : showForm && (state.status === 'failed' || state.status === 'invalid')
      ? state.message
      : Object.keys(clientErrors).length > 0
        ? labels.errorSummary
        : '';
  const input = methodInput[method];
  const hintId = `${id}-hint`;
  const contactErrorId = `${id}-contact-error`;
  const consentErrorId = `${id}-consent-error`;

  return (
    <form
      ref={formRef}
      action={formAction}
      onSubmit={onSubmit}
      onFocus={loadChecker}
      aria-label={labels.form}
      aria-busy={pending}
      noValidate
      className="group/form space-y-5"
      data-testid="consultation-form"
    >
      <input type="hidden" name="language" value={language} />
      <input type="hidden" name="page" value={page} />
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="key" value={key} />

      {failureMessage ? (
        <p
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm leading-relaxed text-red-800 outline-none"
          data-testid="consultation-failure"
        >
          {failureMessage}
        </p>
      ) : null}

      <fieldset>
        <legend className="text-sm font-semibold text-ink">{labels.methodLegend}</legend>
        <div className="mt-3 flex flex-wrap gap-2">
          {(['phone', 'email', 'telegram'] as const).map((option) => (
            <label
              key={option}
              className="flex min-h-11 grow cursor-pointer items-center justify-center gap-2 rounded-xl border border-line bg-white px-3 text-sm font-medium text-ink transition-colors hover:border-brand-500 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
            >
              <input
                type="radio"
                name="method"
                value={option}
                checked={method === option}
                onChange={() => setMethod(option)}
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
          defaultValue={values.method === method ? values.contact : ''}
          maxLength={300}
          required
          aria-invalid={errors.contact ? true : undefined}
          aria-describedby={`${hintId}${errors.contact ? ` ${contactErrorId}` : ''}`}
          className={cn(
            'mt-2 block h-12 w-full rounded-xl border bg-white px-4 text-base text-ink placeholder:text-slate-500',
            errors.contact ? 'border-red-600' : 'border-line',
          )}
        />
        <p id={hintId} className="mt-1.5 text-sm text-muted">
          <PerMethodText texts={labels.contactHint} />
        </p>
        {errors.contact ? (
          <p
            id={contactErrorId}
            className="mt-1.5 text-sm font-medium text-red-700"
            data-testid="contact-error"
          >
            {labels.errors[errors.contact]}
          </p>
        ) : null}
      </div>

      <div>
        <div className="flex items-start gap-3">
          <input
            id={`${id}-consent`}
            type="checkbox"
            name="consent"
            defaultChecked={values.consent}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? consentErrorId : undefined}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
          />
          <div className="text-sm leading-relaxed text-ink">
            <label htmlFor={`${id}-consent`}>{labels.consent}</label> (
            <Link
              href="/privacy"
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              {labels.privacyLink}
            </Link>
            )
          </div>
        </div>
        {errors.consent ? (
          <p id={consentErrorId} className="mt-1.5 text-sm font-medium text-red-700">
            {labels.errors[errors.consent]}
          </p>
        ) : null}
      </div>

      {/* People never see this field; a bot that fills it in is marked as spam. */}
      <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor={`${id}-website`}>{labels.honeypot}</label>
        <input
          id={`${id}-website`}
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      {attached ? (
        <div className="flex items-start gap-3 rounded-xl bg-surface p-4">
          <input
            id={`${id}-estimate`}
            type="checkbox"
            name="estimate"
            value={attached.estimate.query}
            checked={attach}
            onChange={(event) => setAttach(event.target.checked)}
            aria-describedby={`${id}-estimate-summary`}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
            data-testid="attach-estimate"
          />
          <div className="text-sm leading-relaxed">
            <label htmlFor={`${id}-estimate`} className="font-semibold text-ink">
              {labels.attachEstimate}
            </label>
            <p
              id={`${id}-estimate-summary`}
              className="mt-1 text-muted"
              data-testid="attached-summary"
            >
              {attached.estimate.summary}
            </p>
          </div>
        </div>
      ) : null}

      <button
        type="submit"
        disabled={pending}
        className={buttonClass({ size: 'lg', className: 'w-full' })}
      >
        {pending
          ? labels.submitting
          : state.status === 'failed' && state.kind !== 'confirm'
            ? labels.retry
            : labels.submit}
      </button>
    </form>
  );
}
