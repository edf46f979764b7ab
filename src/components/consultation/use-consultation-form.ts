'use client';

import {
  useActionState,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type RefObject,
} from 'react';
import { analyticsIdsForRequest } from '@/lib/analytics/goals';
import { attributionForRequest } from '@/lib/attribution/browser';
import { initialValues, type ConsultationState } from '@/lib/consultation/form-state';
import { consultationFields, type ContactMethod } from '@/lib/consultation/fields';
import type { FieldErrors, validateConsultation } from '@/lib/consultation/schema';
import { submitConsultation } from '@/server/actions/consultation';

const loadValidation = () => import('@/lib/consultation/schema');
const loadHttp = () => import('@/lib/http/client');

// Runs before paint in the browser; on the server there is nothing to measure.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

export type ConsultationForm = {
  state: ConsultationState;
  formAction: (formData: FormData) => void;
  pending: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  alertRef: RefObject<HTMLParagraphElement | null>;
  method: ContactMethod;
  setMethod: (method: ContactMethod) => void;
  errors: FieldErrors;
  clientErrors: FieldErrors;
  token: string;
  key: string;
  networkError: boolean;
  /** The success was dismissed: show an empty form for another request. */
  showForm: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onFirstFocus: () => void;
  sendAnother: () => void;
};

/**
 * The consultation form's behaviour, apart from its markup. The form is a
 * plain HTML form that works before and without JavaScript (the server action
 * renders the result at `permalink`, focused); with JavaScript this adds what helps:
 *
 * - the schema check the server will make, loaded when the visitor turns to
 *   the form, so mistakes are shown before a round trip;
 * - the form token (a floor under the time the form has been open), fetched at
 *   the same moment, and, filled in as the request leaves, how long the page
 *   had been shown, the visitor's time zone and where the visit came from;
 * - nothing is reset by hydration: the contact method starts from the radio
 *   the visitor may already have chosen, and every field stays uncontrolled.
 */
export function useConsultationForm(language: string, permalink: string): ConsultationForm {
  const [state, formAction, pending] = useActionState(
    submitConsultation,
    { status: 'idle', values: initialValues } satisfies ConsultationState,
    permalink,
  );
  const [dismissed, setDismissed] = useState<string | null>(null);
  const showForm = state.status !== 'success' || dismissed === state.reference;
  const [method, setMethod] = useState<ContactMethod>(
    state.status === 'success' ? initialValues.method : state.values.method,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const validate = useRef<typeof validateConsultation | null>(null);
  const [ticket, setTicket] = useState<{ token: string; key: string } | null>(null);
  const [wantTicket, setWantTicket] = useState(0);
  const [networkError, setNetworkError] = useState(false);
  // Errors found in the browser belong to the server state they were found in.
  const [clientCheck, setClientCheck] = useState<{
    state: ConsultationState;
    errors: FieldErrors;
  } | null>(null);
  const clientErrors = clientCheck?.state === state ? clientCheck.errors : {};

  // A method chosen before the page's script ran is the one the form shows.
  useBrowserLayoutEffect(() => {
    const checked = formRef.current?.querySelector<HTMLInputElement>(
      'input[name="method"]:checked',
    );
    if (checked && checked.value !== method) setMethod(checked.value as ContactMethod);
    // Only once, at hydration: afterwards the radios report every change.
  }, []);

  // Each answer of the server shows the method it was sent with.
  const [shownState, setShownState] = useState(state);
  if (shownState !== state) {
    setShownState(state);
    if (state.status !== 'success') setMethod(state.values.method);
  }

  // Each answer moves focus to what needs attention.
  useEffect(() => {
    if (state.status === 'invalid') {
      focusField(
        formRef.current,
        consultationFields.find((field) => state.errors[field]),
      );
    } else if (state.status === 'failed') {
      alertRef.current?.focus();
    }
  }, [state]);

  useEffect(() => {
    if (networkError) alertRef.current?.focus();
  }, [networkError]);

  // The token for this request, once the visitor has turned to the form.
  useEffect(() => {
    if (wantTicket === 0) return;
    let cancelled = false;
    loadHttp()
      .then(({ http }) => http<{ token: string; key: string }>('/api/leads/token'))
      .then((fresh) => {
        if (!cancelled) setTicket(fresh);
      })
      .catch(() => {
        // Without a token the request still goes; the page's own count of time is sent.
      });
    return () => {
      cancelled = true;
    };
  }, [wantTicket]);

  function onFirstFocus() {
    if (!validate.current)
      void loadValidation().then((module) => {
        validate.current = module.validateConsultation;
      });
    if (!ticket && wantTicket === 0) setWantTicket(1);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setNetworkError(false);
    const form = event.currentTarget;
    if (!navigator.onLine) {
      event.preventDefault();
      setNetworkError(true);
      return;
    }
    // The same schema as the server, once it has arrived; the server checks again anyway.
    if (validate.current) {
      const data = new FormData(form);
      const result = validate.current({
        language,
        ...Object.fromEntries(
          consultationFields.map((field) => [field, data.get(field) ?? undefined]),
        ),
      });
      if (!result.ok) {
        event.preventDefault();
        setClientCheck({ state, errors: result.errors });
        focusField(
          form,
          consultationFields.find((field) => result.errors[field]),
        );
        return;
      }
    }
    setHidden(form, 'shownMs', String(Math.round(performance.now())));
    setHidden(form, 'attribution', attributionForRequest());
    setHidden(form, 'analytics', analyticsIdsForRequest());
    setHidden(form, 'timeZone', Intl.DateTimeFormat().resolvedOptions().timeZone ?? '');
  }

  function sendAnother() {
    if (state.status !== 'success') return;
    setDismissed(state.reference);
    setTicket(null);
    setMethod(initialValues.method);
    setWantTicket((n) => n + 1);
  }

  const serverErrors = state.status === 'invalid' ? state.errors : {};
  // A token the server sent back (after a refusal) wins over the one fetched.
  const token = (state.status !== 'success' && state.token) || ticket?.token || '';
  const key = (state.status !== 'success' && state.key) || ticket?.key || '';

  return {
    state,
    formAction,
    pending,
    formRef,
    alertRef,
    method,
    setMethod,
    errors: { ...serverErrors, ...clientErrors },
    clientErrors,
    token,
    key,
    networkError,
    showForm,
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
