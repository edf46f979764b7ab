import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import {
  useAttachedEstimate,
  type AttachedEstimate,
} from '@/components/calculator/attached-estimate';
import { buttonClass } from '@/components/ui/button';
import type { Currency } from '@/config/pricing';
import type { LangCode } from '@/i18n/locales';
import type { BookingLabels } from '@/lib/booking/labels';
import { goal } from '@/lib/analytics/goals';
import { consultationFields, type ConsultationErrorCode } from '@/lib/consultation/fields';
import type { ConsultationState } from '@/lib/consultation/form-state';
import { BriefDetails, NameField, type BriefLabels } from './brief-fields';
import { ConsentField } from './consent-field';
import { ContactField, type ContactFieldLabels } from './contact-field';
import { SuccessView, type SuccessLabels } from './success-view';
import { useConsultationForm } from './use-consultation-form';
import { island } from '@/components/errors/island-boundary';
import { OptionalPart } from '@/components/errors/optional-part';

// Booking a call comes after a request sent by script, so its code loads only then.
const BookingOffer = lazy(() =>
  import('@/components/booking/booking-offer').then((module) => ({ default: module.BookingOffer })),
);

// Runs before paint in the browser; on the server there is nothing to read.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

export type ConsultationFormLabels = ContactFieldLabels & {
  form: string;
  brief: BriefLabels;
  consent: string;
  privacyLink: string;
  consentDocument: string;
  /** The addresses of the two documents the consent names, in the page's language. */
  links: { consent: string; privacy: string };
  honeypot: string;
  submit: string;
  submitting: string;
  attachEstimate: string;
  errors: Record<ConsultationErrorCode, string>;
  errorSummary: string;
  network: string;
  retry: string;
  success: SuccessLabels;
  /** The picker offered after a request, to book a time for the call. */
  booking: BookingLabels;
};

export type ConsultationFormProps = {
  labels: ConsultationFormLabels;
  language: LangCode;
  /** The currency the page shows prices in: the request's budget and estimate are kept in it. */
  currency: Currency;
  /** The page the form is on, recorded with the consent. */
  page: string;
  /**
   * Where the form posts before and without JavaScript: the page itself, with
   * the query that shaped it but no #fragment, since a browser does not
   * autofocus on a page that has a target; the autofocused answer brings
   * itself into view.
   */
  permalink: string;
  /** The server's answer to the request this page is the answer to, if it is one. */
  answer?: ConsultationState;
  /** The estimate the page was rendered with, which the request can carry (the calculator page). */
  estimate?: AttachedEstimate;
  /** The level of the thank-you's heading: one below the heading of the card around the form. */
  successHeading?: 'h2' | 'h3';
};

/**
 * The consultation form: contact (method and value), name, an optional brief,
 * consent. It works as a plain HTML form (the server answers a post to the
 * page with the result); its behaviour with JavaScript is in `use-consultation-form.ts`.
 */
function ConsultationFormView({
  labels,
  language,
  currency,
  page,
  permalink,
  answer,
  estimate,
  successHeading = 'h3',
}: ConsultationFormProps) {
  const {
    state,
    errors,
    clientErrors,
    pending,
    formRef,
    alertRef,
    method,
    setMethod,
    token,
    key,
    networkError,
    answeredHere,
    onSubmit,
    onFirstFocus,
    sendAnother,
  } = useConsultationForm(language, answer);
  const id = useId();
  // On the calculator page the request can carry the estimate on screen.
  const attached = useAttachedEstimate(estimate);
  const attachRef = useRef<HTMLInputElement>(null);
  // The box stays the visitor's (uncontrolled): this only mirrors it for the goal.
  const [attach, setAttach] = useState(true);
  // At hydration, the box as the visitor may have left it before the script ran.
  useBrowserLayoutEffect(() => {
    if (attachRef.current) setAttach(attachRef.current.checked);
  }, []);
  // "Send this estimate" ticks it again.
  const sendRequests = attached?.sendRequests ?? 0;
  useEffect(() => {
    if (sendRequests === 0 || !attachRef.current) return;
    attachRef.current.checked = true;
    setAttach(true);
  }, [sendRequests]);

  // An accepted request is the goal the site exists for: reported with how to
  // reach the visitor (the method, never the contact) and the estimate it carried.
  const reported = useRef<string | null>(null);
  const range = attach ? attached?.estimate.range : undefined;
  useEffect(() => {
    if (state.status !== 'success' || reported.current === state.reference) return;
    reported.current = state.reference;
    goal('request_sent', {
      method: state.method,
      ...(range ? { estimate: `${range.low}-${range.high}`, currency: range.currency } : {}),
    });
  }, [state, range]);

  if (state.status === 'success') {
    return (
      <>
        <SuccessView
          labels={labels.success}
          reference={state.reference}
          method={state.method}
          heading={successHeading}
          focus={answeredHere}
          onAnother={sendAnother}
        />
        {state.booking ? (
          // The request is in: should the picker fail to load, the thank-you stays.
          <OptionalPart>
            <Suspense fallback={null}>
              <BookingOffer
                labels={labels.booking}
                token={state.booking.token}
                language={language}
                heading={successHeading}
              />
            </Suspense>
          </OptionalPart>
        ) : null}
      </>
    );
  }

  const values = state.values;
  const clientFound = clientErrors !== null && Object.keys(clientErrors).length > 0;
  const failureMessage = networkError
    ? labels.network
    : clientFound
      ? labels.errorSummary
      : state.status === 'failed' || (state.status === 'invalid' && clientErrors === null)
        ? state.message
        : '';
  const errorText = (code: ConsultationErrorCode) => labels.errors[code];
  // The page a refused request gets back focuses what needs attention (the
  // browser's autofocus; with JavaScript the hook moves focus as well).
  const firstInvalid =
    state.status === 'invalid' && !answeredHere
      ? consultationFields.find((field) => state.errors[field])
      : undefined;
  const brief = {
    id,
    labels: labels.brief,
    defaults: values,
    errors,
    errorText,
    autoFocus: firstInvalid,
  };

  return (
    <form
      ref={formRef}
      method="post"
      action={permalink}
      onSubmit={onSubmit}
      onFocus={onFirstFocus}
      aria-label={labels.form}
      aria-busy={pending}
      noValidate
      className="group/form space-y-5"
      data-testid="consultation-form"
      // What was typed survives a switch of currency or language (src/scripts/consultation-draft.ts).
      data-draft
    >
      <input type="hidden" name="language" value={language} />
      <input type="hidden" name="currency" value={currency} />
      <input type="hidden" name="page" value={page} />
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="key" value={key} />
      {/* Filled in as the request leaves (use-consultation-form.ts). */}
      <input type="hidden" name="shownMs" defaultValue="" />
      <input type="hidden" name="timeZone" defaultValue="" />
      <input type="hidden" name="attribution" defaultValue="" />
      <input type="hidden" name="analytics" defaultValue="" />

      {failureMessage ? (
        <p
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only on the page that answers a post without script, where the browser's autofocus is the one way to bring the visitor to what needs attention
          autoFocus={state.status === 'failed' && !answeredHere}
          className="scroll-mt-24 rounded-xl border border-red-200 bg-red-50 p-4 text-sm leading-relaxed text-red-800 outline-none"
          data-testid="consultation-failure"
        >
          {failureMessage}
        </p>
      ) : null}

      <NameField {...brief} />

      <ContactField
        id={id}
        labels={labels}
        method={method}
        onMethodChange={setMethod}
        defaults={{
          method: values.method,
          contact: values.method === method ? values.contact : '',
        }}
        error={errors.contact ? errorText(errors.contact) : undefined}
        takeFocus={firstInvalid === 'contact'}
      />

      <BriefDetails {...brief} />

      <ConsentField
        id={id}
        labels={labels}
        defaultChecked={values.consent}
        error={errors.consent ? errorText(errors.consent) : undefined}
        takeFocus={firstInvalid === 'consent'}
      />

      {/* People never see this field; a bot that fills it in is kept as spam. */}
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
            ref={attachRef}
            value={attached.estimate.query}
            defaultChecked
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
        {pending ? labels.submitting : state.status === 'failed' ? labels.retry : labels.submit}
      </button>
    </form>
  );
}

/** The island: the component inside the boundary that shows the error page if it fails. */
export const ConsultationForm = island(ConsultationFormView);
