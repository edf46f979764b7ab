import type { ContactMethod } from '@/lib/consultation/fields';

/**
 * The goals the site reports, one typed list for every provider (Yandex
 * Metrica goals, Google Analytics events, Umami events): the same name and the
 * same parameters reach each. Nothing here identifies a person: never a
 * contact, a name or a message.
 */
export type Goals = {
  /** A consultation request was accepted: how the visitor wants to be reached, and the estimate it carried. */
  request_sent: { method: ContactMethod; estimate?: string; currency?: string };
  /** A call was booked after a request: how many days ahead the chosen time is. */
  call_booked: { days_ahead: number };
  /** The calculator was used: the first change of a choice on the page. */
  calculator_used: { type: string; calculator: 'full' | 'compact' };
  /** The estimate was shared: its link copied. */
  estimate_shared: { type: string; estimate: string; currency: string };
  /** The estimate was taken away as a PDF. */
  estimate_pdf: { type: string; estimate: string; currency: string };
  /** A link that reaches the agency directly: phone, email, Telegram, WhatsApp. */
  contact_click: { channel: 'phone' | 'email' | 'telegram' | 'whatsapp' };
  /** The language menu took the visitor to another language. */
  language_switched: { from: string; to: string };
  /** An article was read to its end. */
  article_read: { slug: string };
};

export type GoalName = keyof Goals;

/**
 * The event the page dispatches; the analytics module, when it runs, listens
 * for it. A type, not a constant: a build without analytics keeps no trace of it.
 */
export type GoalEventName = 'agency:goal';

export type GoalDetail = { [K in GoalName]: { name: K; params: Goals[K] } }[GoalName];

/**
 * Reports a goal. Only a page built with a provider on (APP_ANALYTICS, set by
 * the build: src/lib/builds/constants.ts) does anything: in a build without one the body is empty and
 * the call costs nothing. Whether the visitor agreed is the analytics module's
 * concern: it is only listening after they did.
 */
export function goal<K extends GoalName>(name: K, params: Goals[K]): void {
  if (!process.env.APP_ANALYTICS || typeof window === 'undefined') return;
  const type: GoalEventName = 'agency:goal';
  window.dispatchEvent(
    new CustomEvent<GoalDetail>(type, { detail: { name, params } as GoalDetail }),
  );
}

/**
 * The analytics ids of this browser for a request's `analytics` field, when
 * the visitor allowed analytics and a provider has reported one; '' otherwise.
 */
export function analyticsIdsForRequest(): string {
  if (!process.env.APP_ANALYTICS || typeof window === 'undefined') return '';
  const ids = (
    window as Window & { __agencyAnalytics?: { clientIds(): Record<string, string | undefined> } }
  ).__agencyAnalytics?.clientIds();
  return ids && Object.values(ids).some(Boolean) ? JSON.stringify(ids) : '';
}
