import { describe, expect, it } from 'vitest';
import { formatMoney, groupDigits, moneyFormat } from './money';
import { fillTemplate, formatPlural, pluralForms } from './plural';
import { IntlMessageFormat } from 'intl-messageformat';

describe('money written as the language writes it', () => {
  it.each([
    ['ru', 'RUB', 270_000],
    ['en', 'USD', 3_400],
    ['kk', 'KZT', 1_700_000],
    ['uk', 'UAH', 143_000],
    ['en', 'USD', 950],
    ['ru', 'RUB', 5_000],
  ])('%s %s %d matches Intl exactly', (locale, currency, amount) => {
    const intl = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      maximumFractionDigits: 0,
    });
    expect(
      formatMoney(
        moneyFormat((n) => intl.format(n)),
        amount,
      ),
    ).toBe(intl.format(amount));
  });

  it('groups digits only from the size the language groups at', () => {
    expect(groupDigits(1234, ',', 1)).toBe('1,234');
    expect(groupDigits(1234, ' ', 2)).toBe('1234');
    expect(groupDigits(12345, ' ', 2)).toBe('12 345');
    expect(groupDigits(999, ',')).toBe('999');
  });
});

describe('plurals in the browser', () => {
  const message = {
    ru: '{count, plural, one {около # недели} few {около # недель} many {около # недель} other {около # недели}}',
    en: '{count, plural, one {about # week} other {about # weeks}}',
    uk: '{count, plural, one {# тиждень} few {# тижні} many {# тижнів} other {# тижня}}',
    kk: '{count, plural, one {# апта} other {# апта}}',
  };
  it.each(Object.entries(message))(
    '%s: every count reads as the ICU message would',
    (locale, source) => {
      const icu = new IntlMessageFormat(source, locale);
      const forms = pluralForms(locale, (count) => icu.format({ count }) as string);
      for (const count of [0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 100, 101, 111]) {
        expect(formatPlural(locale, forms, count)).toBe(icu.format({ count }));
      }
    },
  );

  it('fills named placeholders and leaves unknown ones', () => {
    expect(fillTemplate('{low} – {high} {x}', { low: '1', high: 2 })).toBe('1 – 2 {x}');
  });
});
