type ConsentFieldProps = {
  id: string;
  labels: {
    consent: string;
    consentDocument: string;
    privacyLink: string;
    /** The two documents' addresses in the page's language. */
    links: { consent: string; privacy: string };
  };
  defaultChecked: boolean;
  /** What is wrong, in the page's language. */
  error?: string;
  /** Focused on the page that answers a post without script (the first field to fix). */
  takeFocus: boolean;
};

/** The consent to the processing of personal data, with the two documents it names. */
export function ConsentField({ id, labels, defaultChecked, error, takeFocus }: ConsentFieldProps) {
  const errorId = `${id}-consent-error`;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={`${id}-consent`}
          type="checkbox"
          name="consent"
          defaultChecked={defaultChecked}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only on the page that answers a post without script, where the browser's autofocus is the one way to bring the visitor to what needs attention
          autoFocus={takeFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <div className="text-sm leading-relaxed text-ink">
          <label htmlFor={`${id}-consent`}>{labels.consent}</label> (
          <a
            href={labels.links.consent}
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            {labels.consentDocument}
          </a>
          ,{' '}
          <a
            href={labels.links.privacy}
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            {labels.privacyLink}
          </a>
          )
        </div>
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
