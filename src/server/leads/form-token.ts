import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { consultationConfig } from '@/config/consultation';
import type { Database } from '@/server/db/client';
import { settings } from '@/server/db/schema';

/**
 * A form token is the time the form asked for it, signed with a key every
 * instance shares (kept in the database, made on first use): a floor under how
 * long the visitor has had the form, which the browser's own count cannot fake
 * downwards. A request sent sooner than a person could fill the form in is
 * delivered and marked for a second look (submit.ts); a forged token is spam.
 */
export const minimumFillTimeMs = consultationConfig.minimumFillTimeMs;
/** An older token tells nothing about this visit: it counts as none. */
export const tokenLifetimeMs = 24 * 60 * 60 * 1000;

let secret: Promise<Buffer> | undefined;

async function loadSecret(db: Database): Promise<Buffer> {
  const fresh = randomBytes(32).toString('base64url');
  await db
    .insert(settings)
    .values({ key: 'form_token_secret', value: fresh })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'form_token_secret'));
  return Buffer.from(row!.value, 'base64url');
}

function formSecret(db: Database): Promise<Buffer> {
  secret ??= loadSecret(db).catch((error: unknown) => {
    secret = undefined;
    throw error;
  });
  return secret;
}

/**
 * The site's signing key, shared by every instance: the form tokens' and the
 * booking tokens' (src/server/booking/token.ts), each signing its own kind of text.
 */
export const signingKey = formSecret;

const sign = (key: Buffer, issuedAt: number) =>
  createHmac('sha256', key).update(`form:${issuedAt}`).digest('base64url');

export async function issueFormToken(db: Database, now = Date.now()): Promise<string> {
  return `${now}.${sign(await formSecret(db), now)}`;
}

export type TokenCheck =
  { kind: 'missing' | 'forged' | 'expired' } | { kind: 'valid'; ageMs: number };

export async function checkFormToken(
  db: Database,
  token: string | undefined,
  now = Date.now(),
): Promise<TokenCheck> {
  if (!token) return { kind: 'missing' };
  const [issued, signature] = token.split('.');
  const issuedAt = Number(issued);
  if (!Number.isSafeInteger(issuedAt) || !signature) return { kind: 'forged' };
  const expected = Buffer.from(sign(await formSecret(db), issuedAt));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { kind: 'forged' };
  const ageMs = now - issuedAt;
  if (ageMs > tokenLifetimeMs) return { kind: 'expired' };
  return { kind: 'valid', ageMs };
}

/** For tests: forget the cached key (a new database has a new one). */
export function forgetFormSecret() {
  secret = undefined;
}
