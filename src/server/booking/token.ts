import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '@/server/db/client';
import { signingKey } from '@/server/leads/form-token';

/**
 * A booking token proves that whoever books a call is the visitor who sent
 * the request: the answer to an accepted request carries one, bound to that
 * lead and valid for a week, signed with the site's key (the one the form
 * tokens use, on a text of its own kind, so neither passes for the other).
 * It is `<lead id>.<expiry, Unix seconds>.<HMAC-SHA256, base64url>`: nothing
 * in it is secret, and nothing can be changed without the key.
 */

export const bookingTokenLifetimeMs = 7 * 24 * 60 * 60 * 1000;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (key: Buffer, leadId: string, expires: number) =>
  createHmac('sha256', key).update(`booking:${leadId}:${expires}`).digest('base64url');

/** A token for `leadId`, valid until `now` plus a week. */
export function signBookingToken(key: Buffer, leadId: string, now: number): string {
  const expires = Math.floor((now + bookingTokenLifetimeMs) / 1000);
  return `${leadId}.${expires}.${signature(key, leadId, expires)}`;
}

export type BookingTokenCheck =
  { kind: 'valid'; leadId: string; expires: Date } | { kind: 'missing' | 'forged' | 'expired' };

/** What a token says, checked against the key and the clock. */
export function verifyBookingToken(
  key: Buffer,
  token: string | undefined | null,
  now: number,
): BookingTokenCheck {
  if (!token) return { kind: 'missing' };
  const [leadId = '', expiresText = '', given = '', ...rest] = token.split('.');
  const expires = Number(expiresText);
  if (rest.length > 0 || !uuid.test(leadId) || !/^\d{1,12}$/.test(expiresText) || !given)
    return { kind: 'forged' };
  const expected = Buffer.from(signature(key, leadId, expires));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual))
    return { kind: 'forged' };
  if (expires * 1000 <= now) return { kind: 'expired' };
  return { kind: 'valid', leadId, expires: new Date(expires * 1000) };
}

export async function issueBookingToken(
  db: Database,
  leadId: string,
  now = Date.now(),
): Promise<string> {
  return signBookingToken(await signingKey(db), leadId, now);
}

export async function checkBookingToken(
  db: Database,
  token: string | undefined | null,
  now = Date.now(),
): Promise<BookingTokenCheck> {
  if (!token) return { kind: 'missing' };
  return verifyBookingToken(await signingKey(db), token, now);
}
