import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type RefObject,
} from 'react';
import { analyticsIdsForRequest } from '@/lib/analytics/goals';
import { attributionForRequest } from '@/lib/attribution/browser';
import {
  consultationFields,
  type ContactMethod,
  type FieldErrors,
} from '@/lib/consultation/fields';
import { formValues, initialValues, type ConsultationState } from '@/lib/consultation/form-state';
import type { Ticket } from '@/lib/consultation/requests';
import type { LangCode } from '@/i18n/locales';

// Loaded when the visitor turns to the form: the checks (zod and the phone
// number rules) and the calls to the API.
const loadValidation = () => import('@/lib/consultation/schema');
const loadRequests = () => import('@/lib/consultation/requests');

// Runs before paint in the browser; on the server there is nothing to measure.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

export type ConsultationFormApi = {
  state: ConsultationState;
  pending: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  alertRef: RefObject<HTMLParagraphElement | null>;
  method: ContactMethod;
  setMethod: (method: ContactMethod) => void;
  errors: FieldErrors;
  /**
   * What the browser's check found in the last try, or null when the server's
   * answer is the latest word (its errors and message are the ones shown).
   */
  clientErrors: FieldErrors | null;
  token: string;
  key: string;
  networkError: boolean;
  /** The answer came while the visitor was here, by script: it takes focus as it appears. */
  answeredHere: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onFirstFocus: () => void;
  sendAnother: () => void;
};

/**
 * The consultation form's behaviour, apart from its markup. The form is a
 * plain HTML form that posts to the page's own address before and without
 * JavaScript, where the server answers with the result, rendered in the page's
 * language (`initial`). With JavaScript this adds what helps:
 *
 * - the schema check the server will make, loaded when the visitor turns to
 *   the form, so mistakes are shown before a round trip;
 * - the form token (a floor under the time the form has been open) and the
 *   idempotency key, fetched at the same moment, and, filled in as the request
 *   leaves, how long the page had been shown, the visitor's time zone and
 *   where the visit came from;
 * - the same fields sent to the leads API, and its answer shown in place;
 * - nothing is reset by hydration: the contact method starts from the radio
 *   the visitor may already have chosen, and every field stays uncontrolled.
 */
export function useConsultationForm(
  language: LangCode,
  initial: ConsultationState | undefined,
): ConsultationFormApi {
  const [state, setState] = useState<ConsultationState>(
    initial ?? { status: 'idle', values: initialValues },
  );
  const [pending, setPending] = useState(false);
  const [method, setMethod] = useState<ContactMethod>(
    state.status === 'success' ? initialValues.method : state.values.method,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [wantTicket, setWantTicket] = useState(0);
  const [networkError, setNetworkError] = useState(false);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  // How many answers came by script; the first render shows the server's, if any.
  const [answers, setAnswers] = useState(0);

  // A method chosen before the page's script ran is the one the form shows.
  useBrowserLayoutEffect(() => {
    const checked = formRef.current?.querySelector<HTMLInputElement>(
      'input[name="method"]:checked',
    );
    if (checked && checked.value !== method) setMethod(checked.value as ContactMethod);
    // Only once, at hydration: afterwards the radios report every change.
  }, []);

  // Each answer that came by script moves focus to what needs attention (the
  // server's answer to a post without script was focused by the browser, and
  // hydration must not move focus the visitor may have moved since).
  useEffect(() => {
    if (answers === 0) return;
    if (state.status === 'invalid') {
      focusField(
        formRef.current,
        consultationFields.find((field) => state.errors[field]),
      );
    } else if (state.status === 'failed') {
      alertRef.current?.focus();
    }
  }, [answers, state]);

  useEffect(() => {
    if (networkError) alertRef.current?.focus();
  }, [networkError]);

  // The token and key for this request, once the visitor has turned to the form.
  useEffect(() => {
    if (wantTicket === 0) return;
    let cancelled = false;
    void loadRequests()
      .then(({ fetchTicket }) => fetchTicket())
      .then((fresh) => {
        if (!cancelled && fresh) setTicket(fresh);
      })
      .catch(() => {
        // The module did not load: the request will go without the form's script.
      });
    return () => {
      cancelled = true;
    };
  }, [wantTicket]);

  function onFirstFocus() {
    void loadValidation().catch(() => undefined);
    if (!ticket && wantTicket === 0) setWantTicket(1);
  }

  function answer(next: ConsultationState) {
    setState(next);
    setClientErrors(null);
    setAnswers((n) => n + 1);
  }

  async function send(form: HTMLFormElement) {
    let modules: [
      Awaited<ReturnType<typeof loadValidation>>,
      Awaited<ReturnType<typeof loadRequests>>,
    ];
    try {
      modules = await Promise.all([loadValidation(), loadRequests()]);
    } catch {
      // The form's code could not be loaded (a new build, a lost connection):
      // the request goes as it would without script, to the page's address.
      form.submit();
      return;
    }
    const [{ validateConsultation }, { sendRequest }] = modules;
    const data = new FormData(form);
    const field = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : undefined;
    };
    // The same schema as the server's; the server checks again anyway.
    const checked = validateConsultation({
      language,
      ...Object.fromEntries(consultationFields.map((name) => [name, field(name)])),
    });
    if (!checked.ok) {
      setClientErrors(checked.errors);
      focusField(
        form,
        consultationFields.find((name) => checked.errors[name]),
      );
      return;
    }
    setClientErrors({});
    setHidden(form, 'shownMs', String(Math.round(performance.now())));
    setHidden(form, 'attribution', attributionForRequest());
    setHidden(form, 'analytics', analyticsIdsForRequest());
    setHidden(form, 'timeZone', Intl.DateTimeFormat().resolvedOptions().timeZone ?? '');

    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(form))
      if (typeof value === 'string') fields.append(name, value);
    const values = formValues(field);
    const kept = { token: field('token'), key: field('key') };
    const result = await sendRequest(fields);
    switch (result.status) {
      case 'success':
        answer({
          status: 'success',
          reference: result.reference,
          method: result.method,
          ...(result.bookingToken ? { booking: { token: result.bookingToken } } : {}),
        });
        break;
      case 'invalid':
        answer({
          status: 'invalid',
          values,
          errors: result.errors,
          message: result.message,
          ...kept,
        });
        break;
      case 'failed':
        answer({
          status: 'failed',
          kind: result.kind,
          values,
          message: result.message,
          ...kept,
        });
        break;
      case 'unreachable':
        setNetworkError(true);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setNetworkError(false);
    if (!navigator.onLine) {
      setNetworkError(true);
      return;
    }
    setPending(true);
    void send(event.currentTarget).finally(() => setPending(false));
  }

  function sendAnother() {
    setState({ status: 'idle', values: initialValues });
    setClientErrors(null);
    setTicket(null);
    setMethod(initialValues.method);
    setWantTicket((n) => n + 1);
  }

  const serverErrors = state.status === 'invalid' ? state.errors : {};
  // The token and key the form was sent with (kept after a refusal) win over fresh ones.
  const token = (state.status !== 'success' && state.token) || ticket?.token || '';
  const key = (state.status !== 'success' && state.key) || ticket?.key || '';

  return {
    state,
    pending,
    formRef,
    alertRef,
    method,
    setMethod,
    errors: clientErrors ?? serverErrors,
    clientErrors,
    token,
    key,
    networkError,
    answeredHere: answers > 0,
    onSubmit,
    onFirstFocus,
    sendAnother,
  };
}

function setHidden(form: HTMLFormElement, name: string, value: string) {
  const input = form.elements.namedItem(name);
  if (input instanceof HTMLInputElement) input.value = value;
}

/** Focuses a field, opening the folded part of the form it may be in. */
function focusField(form: HTMLFormElement | null, field: string | undefined) {
  if (!form || !field) return;
  const element = form.querySelector<HTMLElement>(`[name="${field}"]`);
  const details = element?.closest('details');
  if (details) details.open = true;
  element?.focus();
}
