/**
 * Where a request came from, kept first-party: no cookie, no third party. A
 * *touch* is a visit that arrived from somewhere: an ad or a campaign (UTM tags,
 * an ad network's click id) or a link on another site. The first touch of a
 * visitor and the last one before the request travel with the lead, so the
 * agency can tell which channel found the visitor and which one brought the
 * request. A visit with no source (typed address, bookmark) counts only when
 * nothing is known yet ("direct"); it never hides an earlier campaign.
 */

export const utmKeys = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export const clickIdKeys = ['gclid', 'yclid', 'fbclid'] as const;
export type UtmKey = (typeof utmKeys)[number];
export type ClickIdKey = (typeof clickIdKeys)[number];

export type Touch = Partial<Record<UtmKey | ClickIdKey, string>> & {
  /** The page on another site the visitor came from (as much of it as the browser tells). */
  referrer?: string;
  /** Path and query of the first page of the visit on this site. */
  landingPage: string;
  /** When the visit began, ISO 8601. */
  at: string;
};

export type Attribution = { first: Touch; last: Touch };

/** After this long without a new touch, what is stored is forgotten (a common attribution window). */
export const attributionWindowDays = 90;

export const attributionLimits = { value: 200, referrer: 500, landingPage: 500 } as const;

/** Trimmed and cut to length; the server cleans what it stores (parse.ts). */
const cut = (value: string, max: number) => value.trim().slice(0, max);

/** The touch of a page load, or null when it continues a visit (the visitor came from this site). */
export function touchFromVisit({
  url,
  referrer,
  now,
}: {
  /** The address of the page that loaded. */
  url: URL;
  /** `document.referrer`, or the Referer header. */
  referrer: string;
  now: Date;
}): Touch | null {
  const touch: Touch = {
    landingPage: cut(`${url.pathname}${url.search}`, attributionLimits.landingPage),
    at: now.toISOString(),
  };
  for (const key of utmKeys) {
    const value = url.searchParams.get(`utm_${key}`);
    if (value?.trim()) touch[key] = cut(value, attributionLimits.value);
  }
  for (const key of clickIdKeys) {
    const value = url.searchParams.get(key);
    if (value?.trim()) touch[key] = cut(value, attributionLimits.value);
  }
  const from = safeUrl(referrer);
  const external = from && from.origin !== url.origin ? from : undefined;
  if (external) touch.referrer = cut(external.href, attributionLimits.referrer);
  const tagged = [...utmKeys, ...clickIdKeys].some((key) => touch[key]);
  // Coming from a page of this site, untagged: the same visit goes on.
  if (!tagged && from && !external) return null;
  return touch;
}

/** A touch that names a source; one that does not is a direct visit. */
export function hasSource(touch: Touch): boolean {
  return Boolean(
    touch.referrer || [...utmKeys, ...clickIdKeys].some((key) => touch[key] !== undefined),
  );
}

/** What is known after a visit: the first touch stays, a new source becomes the last touch. */
export function recordTouch(
  known: Attribution | null,
  touch: Touch | null,
  now: Date,
): Attribution | null {
  const fresh =
    known && now.getTime() - Date.parse(known.last.at) < attributionWindowDays * 86_400_000
      ? known
      : null;
  if (!touch) return fresh;
  if (!fresh) return { first: touch, last: touch };
  return hasSource(touch) ? { first: fresh.first, last: touch } : fresh;
}

export function safeUrl(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
