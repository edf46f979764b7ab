import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Reading what the CRMs post when a deal changes. Both send a form in PHP's
 * nested style (`data[FIELDS][ID]=759`, `leads[status][0][id]=…`); Bitrix24's
 * documentation shows the same as JSON, which is read too. Nothing here
 * trusts the sender: the caller checks the secret before it acts on a field.
 */

/** A request body as a tree of fields: objects of strings, arrays kept as objects by index. */
export type Fields = { [key: string]: string | Fields };

/** A body that cannot be read as the CRM's form. */
export class MalformedBody extends Error {
  override name = 'MalformedBody';
}

/** How many fields and how deep: a deal's form has a few dozen, a few levels deep. */
const limits = { fields: 2_000, depth: 8 } as const;

/** Keys that would reach an object's prototype: never a field. */
const unsafeKey = new Set(['__proto__', 'prototype', 'constructor']);

/** `a[b][0][c]` as its path, `['a', 'b', '0', 'c']`; undefined for a name that is not one. */
function fieldPath(name: string): string[] | undefined {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) return undefined;
  const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map(([, key]) => key!)];
  if (path.length > limits.depth || path.some((key) => key === '' || unsafeKey.has(key)))
    return undefined;
  return path;
}

function newFields(): Fields {
  return Object.create(null) as Fields;
}

/** A URL-encoded form in PHP's nested style as a tree; names it cannot place are left out. */
export function formFields(body: string): Fields {
  const root = newFields();
  let count = 0;
  for (const [name, value] of new URLSearchParams(body)) {
    count += 1;
    if (count > limits.fields) throw new MalformedBody('too many fields');
    const path = fieldPath(name);
    if (!path) continue;
    let node: Fields | undefined = root;
    for (const key of path.slice(0, -1)) {
      const next: Fields | string | undefined = node[key];
      // A name under one that already holds a value (`a=1&a[b]=2`) has no place.
      if (typeof next === 'string') {
        node = undefined;
        break;
      }
      node = next ?? (node[key] = newFields());
    }
    if (!node) continue;
    const last = path[path.length - 1]!;
    if (node[last] === undefined) node[last] = value;
  }
  return root;
}

/** JSON as the same tree: numbers and booleans as their text, arrays by index. */
function jsonFields(value: unknown, depth = 0): Fields | string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (!value || typeof value !== 'object' || depth > limits.depth) return undefined;
  const out = newFields();
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (unsafeKey.has(key)) continue;
    const field = jsonFields(item, depth + 1);
    if (field !== undefined) out[key] = field;
  }
  return out;
}

/** The body as fields, by its type: a form (what the CRMs send) or JSON. */
export function bodyFields(body: string, contentType: string): Fields {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded' || type === '') return formFields(body);
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new MalformedBody('not JSON');
    }
    const fields = jsonFields(parsed);
    if (!fields || typeof fields === 'string') throw new MalformedBody('not an object');
    return fields;
  }
  throw new MalformedBody(`unsupported content type ${type}`);
}

/** The text at `path`, if there is one. */
export function field(fields: Fields, ...path: string[]): string | undefined {
  let node: Fields | string | undefined = fields;
  for (const key of path) {
    if (!node || typeof node === 'string') return undefined;
    node = node[key];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The entries of a list at `path` (`leads[status][0]`, `[1]` …), in order. */
function entries(fields: Fields, ...path: string[]): Fields[] {
  let node: Fields | string | undefined = fields;
  for (const key of path) {
    if (!node || typeof node === 'string') return [];
    node = node[key];
  }
  if (!node || typeof node === 'string') return [];
  return Object.keys(node)
    .filter((key) => /^\d+$/.test(key))
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => node[key]!)
    .filter((entry): entry is Fields => typeof entry !== 'string');
}

/**
 * Whether a secret someone sent is ours, in constant time: both are hashed
 * first, so neither the comparison nor the lengths say how close a guess was.
 */
export function sameSecret(given: string | null | undefined, expected: string): boolean {
  if (!given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const numericId = /^\d{1,18}$/;

/** A Bitrix24 outgoing webhook's call: the event, the deal it is about, and its token. */
export type Bitrix24Call = { event: string; dealId: string; token: string | undefined };

/** The events of a deal the site acts on: a deal made already won counts as much as one moved. */
export const bitrix24DealEvents = new Set(['ONCRMDEALUPDATE', 'ONCRMDEALADD']);

/** The token the call carries (`auth[application_token]`), read before anything else. */
export function bitrix24Token(fields: Fields): string | undefined {
  return field(fields, 'auth', 'application_token');
}

/**
 * A Bitrix24 outgoing webhook's form: `event`, `data[FIELDS][ID]` and
 * `auth[application_token]` (and `auth[domain]`, `ts` … which the site does
 * not need: the deal is read through its own incoming webhook). Undefined
 * when it is not one.
 */
export function parseBitrix24Call(fields: Fields): Bitrix24Call | undefined {
  const event = field(fields, 'event')?.toUpperCase();
  const dealId = field(fields, 'data', 'FIELDS', 'ID');
  if (!event || !/^[A-Z_]{1,64}$/.test(event)) return undefined;
  if (bitrix24DealEvents.has(event) && (!dealId || !numericId.test(dealId))) return undefined;
  return { event, dealId: dealId ?? '', token: bitrix24Token(fields) };
}

/** A deal of amoCRM whose status changed, as its web hook tells it. */
export type AmocrmStatusChange = {
  /** The lead's id: a deal is a "lead" in amoCRM. */
  id: string;
  statusId: string;
  pipelineId: string | null;
  /** The budget as the hook gave it, or null when it did not. */
  price: string | null;
};

/** amoCRM's "won" status: the same id in every pipeline of every account. */
export const amocrmWonStatus = '142';

/**
 * An amoCRM web hook's form: the leads whose status changed
 * (`leads[status][0][id]`, `[status_id]`, `[pipeline_id]`, `[price]` …), or
 * edited (`leads[update][…]`, which carries the status as well), with
 * `account[…]`. Undefined when it names no lead, or one without its status.
 */
export function parseAmocrmHook(fields: Fields): AmocrmStatusChange[] | undefined {
  const found = [...entries(fields, 'leads', 'status'), ...entries(fields, 'leads', 'update')];
  if (found.length === 0) return undefined;
  const changes: AmocrmStatusChange[] = [];
  for (const entry of found) {
    const id = field(entry, 'id');
    const statusId = field(entry, 'status_id');
    if (!id || !numericId.test(id) || !statusId || !numericId.test(statusId)) return undefined;
    const pipelineId = field(entry, 'pipeline_id');
    const price = field(entry, 'price');
    // One deal once: a hook with both its status change and its edit.
    if (changes.some((change) => change.id === id)) continue;
    changes.push({
      id,
      statusId,
      pipelineId: pipelineId && numericId.test(pipelineId) ? pipelineId : null,
      price: price !== undefined && /^\d{1,12}(\.\d{1,2})?$/.test(price) ? price : null,
    });
  }
  return changes;
}

/**
 * An amount as the `deals` table keeps it ("150000.00"), from what a CRM gave:
 * nothing for none, zero (a budget nobody filled in) or a value that is not one.
 */
export function dealAmount(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const amount = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(amount) || amount <= 0 || amount >= 1e12) return null;
  return amount.toFixed(2);
}

/** An ISO 4217 code, or nothing. */
export function dealCurrency(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{3}$/.test(code) ? code : null;
}
