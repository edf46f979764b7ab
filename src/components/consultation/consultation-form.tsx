'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useAttachedEstimate } from '@/components/calculator/attached-estimate';
import { buttonClass } from '@/components/ui/button';
import type { LangCode } from '@/i18n/locales';
import { Link } from '@/i18n/navigation';
import { goal } from '@/lib/analytics/goals';
import { initialValues } from '@/lib/consultation/form-state';
import { consultationFields, type ConsultationErrorCode } from '@/lib/consultation/fields';
import { BriefDetails, NameField, type BriefLabels } from './brief-fields';
import { ContactField, type ContactFieldLabels } from './contact-field';
import { SuccessView, type SuccessLabels } from './success-view';
import { useConsultationForm } from './use-consultation-form';

export type ConsultationFormLabels = ContactFieldLabels & {
  form: string;
  brief: BriefLabels;
  consent: string;
  privacyLink: string;
  consentDocument: string;
  honeypot: string;
  submit: string;
  submitting: string;
  attachEstimate: string;
  errors: Record<ConsultationErrorCode, string>;
  errorSummary: string;
  network: string;
  retry: string;
  success: SuccessLabels;
};

type ConsultationFormProps = {
  labels: ConsultationFormLabels;
  language: LangCode;
  /** The page the form is on, recorded with the consent. */
  page: string;
  /**
   * Where a request sent before or without JavaScript lands: the page itself,
   * with the query that shaped it but no #fragment, since a browser does not
   * autofocus on a page that has a target; the autofocused answer brings
   * itself into view.
   */
  permalink: string;
};

/**
 * The consultation form: contact (method and value), name, an optional brief,
 * consent. It works as a plain HTML form (the server action renders the
 * result); its behaviour with JavaScript is in `use-consultation-form.ts`.
 */
export function ConsultationForm({ labels, language, page, permalink }: ConsultationFormProps) {
  const {
    state,
    errors,
    clientErrors,
    formAction,
    pending,
    formRef,
    alertRef,
    method,
    setMethod,
    token,
    key,
    networkError,
    showForm,
    onSubmit,
    onFirstFocus,
    sendAnother,
  } = useConsultationForm(language, permalink);
  const id = useId();
  // On the calculator page the request can carry the estimate on screen.
  const attached = useAttachedEstimate();
  const [attach, setAttach] = useState(true);
  const [sendRequests, setSendRequests] = useState(attached?.sendRequests ?? 0);
  if (attached && attached.sendRequests !== sendRequests) {
    setSendRequests(attached.sendRequests);
    setAttach(true);
  }

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

  if (!showForm && state.status === 'success') {
    return (
      <SuccessView
        labels={labels.success}
        reference={state.reference}
        method={state.method}
        onAnother={sendAnother}
      />
    );
  }

  const values = state.status === 'success' ? initialValues : state.values;
  const failureMessage = networkError
    ? labels.network
    : state.status === 'failed' || state.status === 'invalid'
      ? state.message
      : Object.keys(clientErrors).length > 0
        ? labels.errorSummary
        : '';
  const errorText = (code: ConsultationErrorCode) => labels.errors[code];
  // The page a refused request gets back focuses what needs attention (the
  // browser's autofocus; with JavaScript the hook moves focus as well).
  const firstInvalid =
    state.status === 'invalid'
      ? consultationFields.find((field) => state.errors[field])
      : undefined;
  const consentErrorId = `${id}-consent-error`;
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
      action={formAction}
      onSubmit={onSubmit}
      onFocus={onFirstFocus}
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
          autoFocus={state.status === 'failed'}
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
        autoFocus={firstInvalid === 'contact'}
      />

      <BriefDetails {...brief} />

      <div>
        <div className="flex items-start gap-3">
          <input
            id={`${id}-consent`}
            type="checkbox"
            name="consent"
            defaultChecked={values.consent}
            autoFocus={firstInvalid === 'consent'}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? consentErrorId : undefined}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
          />
          <div className="text-sm leading-relaxed text-ink">
            <label htmlFor={`${id}-consent`}>{labels.consent}</label> (
            <Link
              href="/consent"
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              {labels.consentDocument}
            </Link>
            ,{' '}
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
        {pending ? labels.submitting : state.status === 'failed' ? labels.retry : labels.submit}
      </button>
    </form>
  );
}
