import { consultationFields } from './fields';

/**
 * What a visitor has typed into the consultation form, carried across a page
 * load they asked for on the same page: a switch of currency or of language
 * loads the page afresh (each is a link, so it works without script), and
 * with script the form comes back as they left it instead of empty.
 *
 * The draft lives in the tab's session storage for one load only: it is
 * written as the switch navigates, read and removed by the next page, and
 * taken only by the page it was written for within a few minutes. A page left
 * any other way keeps nothing.
 */

export const draftKey = 'consultation-draft';
/** Older than this, a draft is from an earlier visit to the page, not this switch. */
export const draftMaxAgeMs = 5 * 60_000;

/**
 * The fields a draft keeps: what the visitor fills in, in the form's order
 * (the contact method first, which the contact field's type follows), and the
 * calculator's attached estimate.
 */
export const draftFields = [...consultationFields, 'estimate'] as const;
export type DraftField = (typeof draftFields)[number];
/** A field's value; a checkbox's is whether it is ticked. */
export type DraftValues = Partial<Record<DraftField, string | boolean>>;

type Draft = { path: string; savedAt: number; values: DraftValues };

const isDraftField = (name: string): name is DraftField =>
  (draftFields as readonly string[]).includes(name);

/** Whether the visitor has put anything of their own in: a default form is not kept. */
export function hasTyped(values: DraftValues): boolean {
  return (['contact', 'name', 'message', 'budget', 'time'] as const).some(
    (field) => typeof values[field] === 'string' && values[field].trim() !== '',
  );
}

/** The stored text of a draft for the page at `path` (the address's path, without query). */
export function packDraft(path: string, values: DraftValues, now = Date.now()): string {
  const draft: Draft = { path, savedAt: now, values };
  return JSON.stringify(draft);
}

/** The values of a stored draft, when it was written for `path` a moment ago; otherwise null. */
export function unpackDraft(
  raw: string | null,
  path: string,
  now = Date.now(),
): DraftValues | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { path: forPath, savedAt, values } = parsed as Partial<Draft>;
  if (forPath !== path || typeof savedAt !== 'number') return null;
  if (now - savedAt > draftMaxAgeMs || savedAt > now + 60_000) return null;
  if (typeof values !== 'object' || values === null) return null;
  const kept: DraftValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (!isDraftField(name)) continue;
    if (typeof value === 'string' || typeof value === 'boolean') kept[name] = value;
  }
  return hasTyped(kept) ? kept : null;
}
