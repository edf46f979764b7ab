import { useEffect, useRef, useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button';
import { localeFromCode, type LangCode } from '@/i18n/locales';
import { goal } from '@/lib/analytics/goals';
import type { BookingLabels } from '@/lib/booking/labels';
import { validateBooking } from '@/lib/booking/schema';
import { fetchSlots, sendBooking } from '@/lib/booking/requests';
import { BookingConfirmation, BookingForm, type BookedTexts } from './booking-form';

type BookingOfferProps = {
  labels: BookingLabels;
  /** The booking token the answer to the request carried. */
  token: string;
  language: LangCode;
  heading: 'h2' | 'h3';
};

/** The browser's time zone: the clock the visitor reads. */
function browserZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * The picker after a request sent with JavaScript, loaded with it (the
 * consultation form's island imports this module only then): it fetches the
 * free slots, shows them on the visitor's clock beside the agency's, and
 * books the one chosen through POST /api/booking, showing the answer in
 * place. The result takes focus: the booked time, or what went wrong (a slot
 * someone took first, with the times still free). Its form is the same one
 * the page without JavaScript posts.
 */
export function BookingOffer({ labels, token, language, heading }: BookingOfferProps) {
  const [visitorZone] = useState(browserZone);
  const [slots, setSlots] = useState<string[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [loads, setLoads] = useState(0);
  const [message, setMessage] = useState<string>();
  // Each new message takes focus, even one that reads as the last did.
  const [messages, setMessages] = useState(0);
  const [pending, setPending] = useState(false);
  const [refused, setRefused] = useState(false);
  const [booked, setBooked] = useState<BookedTexts & { reference: string }>();
  const messageRef = useRef<HTMLParagraphElement>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    void fetchSlots(language).then((free) => {
      if (cancelled) return;
      setLoadFailed(free === null);
      setSlots(free);
    });
    return () => {
      cancelled = true;
    };
  }, [language, loads]);

  useEffect(() => {
    if (messages > 0) messageRef.current?.focus();
  }, [messages]);
  useEffect(() => {
    if (booked) confirmationRef.current?.focus();
  }, [booked]);

  function tell(text: string) {
    setMessage(text);
    setMessages((n) => n + 1);
  }

  async function book(form: HTMLFormElement) {
    const chosen = new FormData(form).get('slot');
    const booking = {
      token,
      slot: typeof chosen === 'string' ? chosen : '',
      language,
      timeZone: visitorZone ?? undefined,
    };
    // The same schema as the server's: a time must be chosen (the token is the server's to judge).
    const checked = validateBooking(booking);
    if (!checked.ok && checked.problem !== 'forbidden') {
      tell(labels.chooseFirst);
      return;
    }
    const reply = await sendBooking(booking);
    switch (reply.status) {
      case 'booked':
        setBooked(reply);
        goal('call_booked', {
          days_ahead: Math.max(0, Math.round((Date.parse(booking.slot) - Date.now()) / 86_400_000)),
        });
        break;
      case 'retry':
        setSlots(reply.slots);
        tell(reply.message);
        break;
      case 'refused':
        if (reply.final) setRefused(true);
        tell(reply.message);
        break;
      case 'unreachable':
        tell(labels.network);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!navigator.onLine) {
      tell(labels.network);
      return;
    }
    setPending(true);
    void book(event.currentTarget).finally(() => setPending(false));
  }

  if (booked)
    return (
      <BookingConfirmation texts={booked} heading={heading} confirmationRef={confirmationRef} />
    );

  const status = refused ? (
    false
  ) : slots !== null ? undefined : loadFailed ? (
    <div className="mt-4" data-testid="booking-load-failed">
      <p className="leading-relaxed text-ink">{labels.loadFailed}</p>
      <button
        type="button"
        className={buttonClass({ variant: 'secondary', className: 'mt-3' })}
        onClick={() => {
          setLoadFailed(false);
          setLoads((n) => n + 1);
        }}
      >
        {labels.retry}
      </button>
    </div>
  ) : (
    <p className="mt-4 text-muted" role="status" data-testid="booking-loading">
      {labels.loading}
    </p>
  );

  return (
    <BookingForm
      labels={labels}
      token={token}
      language={language}
      locale={localeFromCode(language)}
      slots={slots ?? []}
      visitorZone={visitorZone}
      heading={heading}
      message={message}
      messageRef={messageRef}
      pending={pending}
      onSubmit={onSubmit}
      status={status}
    />
  );
}
