import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText } from './clean';

describe('cleanText', () => {
  it('removes NUL and other control characters', () => {
    expect(cleanText('+7\u0000 916\u0007 123\u001b 45 67\u007f\u0090')).toBe('+7 916 123 45 67');
  });

  it('removes characters that are invisible when printed', () => {
    const hidden = '\u200b\u200c\u200e\u200f\u202a\u202e\u2066\u2069\u2060\ufeff\u00ad\u061c';
    expect(cleanText(`an${hidden}na@example.com`)).toBe('anna@example.com');
    // A tag character (U+E0041) hides text from a reader.
    expect(cleanText('ok\u{E0041}\u{E0042}')).toBe('ok');
  });

  it('turns line breaks into spaces in one line and keeps them in a message', () => {
    expect(cleanText('Anna\r\nPetrova\tK')).toBe('Anna Petrova K');
    expect(
      cleanText('Hello,\r\n\r\n\r\n\r\nwe need\ta shop  \u2028thanks', { multiline: true }),
    ).toBe('Hello,\n\nwe need\ta shop\nthanks');
  });

  it('keeps emoji whole in a message', () => {
    expect(cleanText('Team 👩‍💻 ❤️', { multiline: true })).toBe('Team 👩‍💻 ❤️');
  });

  it('drops lone surrogate halves and composes letters', () => {
    expect(cleanText('a\ud800b\udc00c')).toBe('abc');
    // "й" typed as и + combining breve becomes one letter.
    expect(cleanText('Сергей'.normalize('NFD'))).toBe('Сергей');
  });

  it('leaves ordinary text in every language alone', () => {
    for (const text of ['Әлия Қасымова', 'Ґанна Їжак-Єрмоленко', 'Анна', 'O’Brien & Co.']) {
      expect(cleanText(text)).toBe(text);
    }
  });

  it('never leaves a control or invisible character behind, and is stable', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.boolean(), (value, multiline) => {
        const once = cleanText(value, { multiline });
        // eslint-disable-next-line no-control-regex -- what must never be left
        expect(once).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B\u202E\uFEFF]/);
        expect(once).not.toMatch(
          /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
        );
        expect(cleanText(once, { multiline })).toBe(once);
      }),
    );
  });
});
