import { describe, expect, it } from 'vitest';
import { parseClientIds } from './client-ids';

describe('parseClientIds', () => {
  it('keeps the ids in their own shapes', () => {
    expect(
      parseClientIds('{"metrika":"1732887123456789012","ga":"1234567890.1732887123"}'),
    ).toEqual({
      metrika: '1732887123456789012',
      ga: '1234567890.1732887123',
    });
    expect(parseClientIds('{"ga":"1.2"}')).toEqual({ ga: '1.2' });
  });

  it('drops anything else: text, contact data, other keys, malformed JSON', () => {
    expect(parseClientIds('{"metrika":"+7 701 123 45 67","ga":"a@example.com"}')).toBeNull();
    expect(parseClientIds('{"email":"a@example.com"}')).toBeNull();
    expect(parseClientIds('{"metrika":123}')).toBeNull();
    expect(parseClientIds('not json')).toBeNull();
    expect(parseClientIds('')).toBeNull();
    expect(parseClientIds(undefined)).toBeNull();
    expect(parseClientIds('[]')).toBeNull();
  });
});
