/**
 * The picker's texts, made on the server in the page's language
 * (src/server/booking/texts.ts) and handed to the picker, which runs on the
 * server for the page without JavaScript and in the browser after a request
 * sent with it. `yourTime` and `agencyTime` keep a `{time}` to fill in.
 */
export type BookingLabels = {
  title: string;
  intro: string;
  /** Said once above the times when the visitor's clock differs from the agency's. */
  zones: string;
  yourTime: string;
  agencyTime: string;
  laterDays: string;
  submit: string;
  submitting: string;
  loading: string;
  loadFailed: string;
  retry: string;
  noSlots: string;
  chooseFirst: string;
  network: string;
  bookedTitle: string;
  /** The agency's time zone, which the times are given beside. */
  agencyZone: string;
};

/** A label with its `{time}` filled in. */
export const withTime = (template: string, time: string) => template.replace('{time}', time);
