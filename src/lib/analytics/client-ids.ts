/**
 * The analytics services' ids of a visitor's browser, sent with a request when
 * the visitor allowed analytics, so the agency can match a request to the
 * visit and the ad behind it. Only the ids' own shapes pass: digits for
 * Yandex Metrica's ClientID, `<digits>.<digits>` for Google Analytics'.
 */
export type AnalyticsClientIds = { metrika?: string; ga?: string };

const shapes = {
  metrika: /^\d{6,25}$/,
  ga: /^\d{1,12}\.\d{1,12}$/,
} as const;

/** The ids in a request's `analytics` field (JSON); anything else is dropped. */
export function parseClientIds(raw: string | undefined | null): AnalyticsClientIds | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const ids: AnalyticsClientIds = {};
  for (const key of ['metrika', 'ga'] as const) {
    const id = (value as Record<string, unknown>)[key];
    if (typeof id === 'string' && shapes[key].test(id)) ids[key] = id;
  }
  return ids.metrika || ids.ga ? ids : null;
}
