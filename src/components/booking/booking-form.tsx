import { useMemo, type FormEvent, type ReactNode, type RefObject } from 'react';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { LangCode, Locale } from '@/i18n/locales';
import { slotDays, type DayView } from '@/lib/booking/display';
import { withTime, type BookingLabels } from '@/lib/booking/labels';

/**
 * "Pick a time for our call": the free slots by day, a fieldset of radios
 * each, in a real form that posts to /api/booking. The same markup is the
 * page without JavaScript (rendered on the server, no script) and the picker
 * the consultation form's island shows after a request sent with it, which
 * sends the same fields itself. Days after the first few fold under "More
 * days", so the keyboard's arrows walk a few days, not a fortnight.
 */

/** How many days are open before the rest fold away. */
const openDays = 3;

export type BookingFormProps = {
  labels: BookingLabels;
  token: string;
  language: LangCode;
  /** The page's language, as `Intl` and the date tables know it. */
  locale: Locale;
  /** The free slots' starts, ISO 8601. */
  slots: readonly string[];
  /** The visitor's time zone, when known; else the times are the agency's. */
  visitorZone: string | null;
  heading: 'h1' | 'h2' | 'h3';
  /** What went wrong with the last try (a slot taken meanwhile), above the times. */
  message?: string;
  /** The message takes focus as the page appears (the answer to a post without script). */
  autoFocusMessage?: boolean;
  messageRef?: RefObject<HTMLParagraphElement | null>;
  formRef?: RefObject<HTMLFormElement | null>;
  pending?: boolean;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** Instead of the times: the picker is still loading them, or could not. */
  status?: ReactNode;
};

export function BookingForm({
  labels,
  token,
  language,
  locale,
  slots,
  visitorZone,
  heading: Heading,
  message,
  autoFocusMessage,
  messageRef,
  formRef,
  pending = false,
  onSubmit,
  status,
}: BookingFormProps) {
  const zone = visitorZone ?? labels.agencyZone;
  const days = useMemo(
    () => slotDays(slots, { locale, visitorZone: zone, agencyZone: labels.agencyZone }),
    [slots, locale, zone, labels.agencyZone],
  );
  const clocksDiffer = days.some((day) => day.slots.some((slot) => !slot.sameClock));
  const titleId = 'booking-title';
  return (
    <section
      aria-labelledby={titleId}
      className="mt-6 rounded-2xl border border-line bg-white p-6"
      data-testid="booking"
    >
      <Heading id={titleId} className="text-xl font-bold text-ink">
        {labels.title}
      </Heading>
      <p className="mt-2 leading-relaxed text-muted">{labels.intro}</p>
      {clocksDiffer ? <p className="mt-1 text-sm text-muted">{labels.zones}</p> : null}
      {message ? (
        <p
          ref={messageRef}
          tabIndex={-1}
          role="alert"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only on the page that answers a post without script, where the browser's autofocus brings the visitor to what went wrong
          autoFocus={autoFocusMessage}
          className="mt-4 scroll-mt-24 rounded-xl border border-red-200 bg-red-50 p-4 text-sm leading-relaxed text-red-800 outline-none"
          data-testid="booking-message"
        >
          {message}
        </p>
      ) : null}
      {status ??
        (days.length === 0 ? (
          <p className="mt-4 leading-relaxed text-ink" data-testid="booking-none">
            {labels.noSlots}
          </p>
        ) : (
          <form
            ref={formRef}
            method="post"
            action="/api/booking"
            onSubmit={onSubmit}
            aria-labelledby={titleId}
            aria-busy={pending}
            noValidate
            className="mt-4"
            data-testid="booking-form"
          >
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="language" value={language} />
            <input type="hidden" name="timeZone" value={visitorZone ?? ''} />
            {days.slice(0, openDays).map((day) => (
              <DayFieldset key={day.key} day={day} labels={labels} twoClocks={clocksDiffer} />
            ))}
            {days.length > openDays ? (
              <details className="mt-4">
                <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-700 underline-offset-2 hover:underline">
                  {labels.laterDays}
                </summary>
                {days.slice(openDays).map((day) => (
                  <DayFieldset key={day.key} day={day} labels={labels} twoClocks={clocksDiffer} />
                ))}
              </details>
            ) : null}
            <button
              type="submit"
              disabled={pending}
              className={buttonClass({ size: 'lg', className: 'mt-6 w-full' })}
            >
              {pending ? labels.submitting : labels.submit}
            </button>
          </form>
        ))}
    </section>
  );
}

/** One day's free times: radios of one group across the days, so one time is chosen. */
function DayFieldset({
  day,
  labels,
  twoClocks,
}: {
  day: DayView;
  labels: BookingLabels;
  /** The agency's time is written under each: wider cells. */
  twoClocks: boolean;
}) {
  return (
    <fieldset className="mt-4" data-testid="booking-day">
      <legend className="text-sm font-semibold text-ink">{day.label}</legend>
      {/* As many cells a row as the card is wide, whatever the page around it. */}
      <div
        className={cn(
          'mt-2 grid gap-2',
          twoClocks
            ? 'grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))]'
            : 'grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))]',
        )}
      >
        {day.slots.map((slot) => (
          <label
            key={slot.start}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-line bg-white px-3 py-1.5 text-sm text-ink transition-colors hover:border-brand-500 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name="slot"
              value={slot.start}
              // On two clocks the name says both, as the visitor reads them.
              aria-label={
                slot.sameClock
                  ? undefined
                  : `${withTime(labels.yourTime, slot.time)}, ${withTime(labels.agencyTime, slot.agencyTime)}`
              }
              className="size-4 shrink-0 accent-brand-700 focus-visible:outline-none"
            />
            <span className="flex flex-col leading-tight">
              <span className="font-semibold">{slot.time}</span>
              {slot.sameClock ? null : (
                <span className="text-xs text-muted">
                  {withTime(labels.agencyTime, slot.agencyTime)}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export type BookedTexts = {
  title: string;
  confirmed: string;
  next: string;
  /** Said when a calendar invitation is on its way to the visitor's inbox. */
  invitation?: string | null;
};

/** The booked call, written out in full; it takes focus as it appears. */
export function BookingConfirmation({
  texts,
  heading: Heading,
  reference,
  referenceLabel,
  takeFocus,
  confirmationRef,
}: {
  texts: BookedTexts;
  heading: 'h1' | 'h2' | 'h3';
  reference?: string;
  referenceLabel?: string;
  /** Focused as the page appears (the answer to a post without script). */
  takeFocus?: boolean;
  confirmationRef?: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div
      ref={confirmationRef}
      tabIndex={-1}
      role="status"
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the page that answers a booking sent without script brings its result into view with the browser's autofocus
      autoFocus={takeFocus}
      className="mt-6 scroll-mt-24 rounded-2xl bg-brand-50 p-6 outline-none"
      data-testid="booking-confirmed"
    >
      <Heading className="text-xl font-bold text-ink">{texts.title}</Heading>
      <p className="mt-2 leading-relaxed text-ink" data-testid="booking-time">
        {texts.confirmed}
      </p>
      <p className="mt-2 leading-relaxed text-muted">{texts.next}</p>
      {texts.invitation ? (
        <p className="mt-2 leading-relaxed text-muted">{texts.invitation}</p>
      ) : null}
      {reference && referenceLabel ? (
        <p className="mt-4 text-sm text-muted">
          {referenceLabel}:{' '}
          <strong className="font-mono text-lg tracking-wider text-ink">{reference}</strong>
        </p>
      ) : null}
    </div>
  );
}

/** Why booking is not possible (a token not the visitor's, or expired), in focus. */
export function BookingRefusal({ title, message }: { title: string; message: string }) {
  return (
    <section className="mt-6 rounded-2xl border border-line bg-white p-6" data-testid="booking">
      <h1 className="text-xl font-bold text-ink">{title}</h1>
      <p
        tabIndex={-1}
        role="alert"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the page that answers a booking sent without script brings its result into view with the browser's autofocus
        autoFocus
        className="mt-4 scroll-mt-24 rounded-xl border border-red-200 bg-red-50 p-4 text-sm leading-relaxed text-red-800 outline-none"
        data-testid="booking-message"
      >
        {message}
      </p>
    </section>
  );
}
