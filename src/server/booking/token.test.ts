import { describe, expect, it } from 'vitest';
import { bookingTokenLifetimeMs, signBookingToken, verifyBookingToken } from './token';

const key = Buffer.alloc(32, 7);
const otherKey = Buffer.alloc(32, 8);
const leadId = '0b6f3c1e-8d2a-4f5b-9c7e-1a2b3c4d5e6f';
const now = Date.parse('2026-11-28T05:00:00Z');

describe('a booking token', () => {
  it('binds the lead and holds for a week', () => {
    const token = signBookingToken(key, leadId, now);
    expect(token.startsWith(`${leadId}.`)).toBe(true);
    expect(verifyBookingToken(key, token, now + 60_000)).toEqual({
      kind: 'valid',
      leadId,
      expires: new Date(now + bookingTokenLifetimeMs),
    });
    expect(verifyBookingToken(key, token, now + bookingTokenLifetimeMs - 1000).kind).toBe('valid');
    expect(verifyBookingToken(key, token, now + bookingTokenLifetimeMs).kind).toBe('expired');
  });

  it('cannot be moved to another lead or made to last longer', () => {
    const token = signBookingToken(key, leadId, now);
    const [, expires, signature] = token.split('.');
    const otherLead = '11111111-2222-4333-8444-555555555555';
    expect(verifyBookingToken(key, `${otherLead}.${expires}.${signature}`, now).kind).toBe(
      'forged',
    );
    expect(
      verifyBookingToken(key, `${leadId}.${Number(expires) + 86_400}.${signature}`, now).kind,
    ).toBe('forged');
  });

  it('signed with another key, or not a token at all, is forged', () => {
    expect(verifyBookingToken(key, signBookingToken(otherKey, leadId, now), now).kind).toBe(
      'forged',
    );
    for (const bad of ['x', `${leadId}.1.2.3`, `${leadId}..sig`, 'not-a-uuid.99999999999.sig'])
      expect(verifyBookingToken(key, bad, now).kind, bad).toBe('forged');
    expect(verifyBookingToken(key, '', now).kind).toBe('missing');
    expect(verifyBookingToken(key, undefined, now).kind).toBe('missing');
  });
});
