import { z } from 'zod';
import { cleanText } from '@/lib/text/clean';
import {
  attributionLimits as limits,
  hasSource,
  safeUrl,
  touchFromVisit,
  type Attribution,
  type Touch,
} from './touch';

/** Control and invisible characters removed, then cut to length. */
const tidy = (value: string, max: number) => cleanText(value).slice(0, max);

const shortText = (max: number) =>
  z
    .string()
    .transform((value) => tidy(value, max))
    .pipe(z.string().min(1))
    .optional()
    .catch(undefined);

const touchSchema = z.object({
  source: shortText(limits.value),
  medium: shortText(limits.value),
  campaign: shortText(limits.value),
  term: shortText(limits.value),
  content: shortText(limits.value),
  gclid: shortText(limits.value),
  yclid: shortText(limits.value),
  fbclid: shortText(limits.value),
  referrer: z
    .string()
    .transform((value) => tidy(value, limits.referrer))
    .refine((value) => safeUrl(value) !== undefined)
    .optional()
    .catch(undefined),
  landingPage: z
    .string()
    .transform((value) => tidy(value, limits.landingPage))
    .pipe(z.string().regex(/^\/\S*$/)),
  at: z.iso.datetime({ offset: true }),
});

/**
 * The attribution a browser sends with a request, checked: at most a few
 * hundred characters a value, control and invisible characters removed, a
 * landing page on this site, times that make sense. What does not pass is
 * dropped: it never costs the visitor the request.
 */
export function parseAttribution(raw: unknown, now: Date): Attribution | null {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.length > 8_192) return null;
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const parsed = z.object({ first: touchSchema, last: touchSchema }).safeParse(value);
  if (!parsed.success) return null;
  const { first, last } = parsed.data;
  const sane = (touch: Touch) => {
    const at = Date.parse(touch.at);
    return at <= now.getTime() + 86_400_000 && now.getTime() - at <= 400 * 86_400_000;
  };
  if (!sane(first) || !sane(last)) return null;
  const strip = (touch: Touch): Touch =>
    Object.fromEntries(Object.entries(touch).filter(([, v]) => v !== undefined)) as Touch;
  return { first: strip(first), last: strip(last) };
}

/**
 * Without JavaScript nothing was kept in the browser; the page the form was
 * sent from (the Referer of the post) still carries the tags the visitor
 * arrived with when they send the request from the page they landed on.
 */
export function attributionFromFormPage(referer: string | null, now: Date): Attribution | null {
  const url = safeUrl(referer ?? undefined);
  if (!url) return null;
  const touch = touchFromVisit({ url, referrer: '', now });
  if (!touch || !hasSource(touch)) return null;
  // Cleaned as a touch from the browser is.
  return parseAttribution({ first: touch, last: touch }, now);
}
