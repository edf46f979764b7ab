import { describe, expect, it } from 'vitest';
import { draftMaxAgeMs, hasTyped, packDraft, unpackDraft } from './draft';

const now = Date.UTC(2026, 10, 28, 9, 0);

describe('the consultation draft across a switch', () => {
  it('comes back on the page it was kept for', () => {
    const raw = packDraft(
      '/ru/contacts',
      { method: 'email', contact: 'a@example.com', consent: true },
      now,
    );
    expect(unpackDraft(raw, '/ru/contacts', now + 2000)).toEqual({
      method: 'email',
      contact: 'a@example.com',
      consent: true,
    });
  });

  it('is not taken by another page, nor minutes later', () => {
    const raw = packDraft('/ru/contacts', { name: 'Айгерим' }, now);
    expect(unpackDraft(raw, '/en/contacts', now)).toBeNull();
    expect(unpackDraft(raw, '/ru/contacts', now + draftMaxAgeMs + 1)).toBeNull();
    expect(unpackDraft(raw, '/ru/contacts', now - 10 * 60_000)).toBeNull();
  });

  it('keeps only the form’s fields, with their types', () => {
    const raw = JSON.stringify({
      path: '/kz',
      savedAt: now,
      values: { message: 'Сайт керек', token: 'x', website: 'spam', budget: 3, estimate: false },
    });
    expect(unpackDraft(raw, '/kz', now)).toEqual({ message: 'Сайт керек', estimate: false });
  });

  it('holds nothing when nothing was typed, or what is stored is not a draft', () => {
    expect(hasTyped({ method: 'phone', consent: true, contact: '  ' })).toBe(false);
    expect(hasTyped({ time: 'morning' })).toBe(true);
    expect(
      unpackDraft(packDraft('/ua', { method: 'phone', consent: true }, now), '/ua', now),
    ).toBeNull();
    for (const raw of [null, '', '{', 'null', '[]', '{"path":"/ua"}', '{"path":"/ua","savedAt":1}'])
      expect(unpackDraft(raw, '/ua', now)).toBeNull();
  });
});
