import { parse } from '@formatjs/icu-messageformat-parser';
import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import kz from '../../../messages/kz.json' with { type: 'json' };
import en from '../../../messages/en.json' with { type: 'json' };
import { argumentNames, messageEntries } from '../../../tests/support/messages';
import {
  caseArguments,
  dayHeading,
  kazakhCases,
  kazakhDate,
  lastNumberWord,
  lastSpokenWord,
  kazakhLocative,
  longDate,
  weekdayName,
  wordCases,
} from './kazakh';
import { formatMoney, moneyFormat } from './money';

// The reading of each sample and its endings, as a Kazakh grammar states them.
const samples: [number, string, string, string][] = [
  [0, 'нөл', 'ге', 'ден'],
  [1, 'бір', 'ге', 'ден'],
  [2, 'екі', 'ге', 'ден'],
  [3, 'үш', 'ке', 'тен'],
  [4, 'төрт', 'ке', 'тен'],
  [5, 'бес', 'ке', 'тен'],
  [6, 'алты', 'ға', 'дан'],
  [7, 'жеті', 'ге', 'ден'],
  [8, 'сегіз', 'ге', 'ден'],
  [9, 'тоғыз', 'ға', 'дан'],
  [10, 'он', 'ға', 'нан'],
  [20, 'жиырма', 'ға', 'дан'],
  [30, 'отыз', 'ға', 'дан'],
  [40, 'қырық', 'қа', 'тан'],
  [50, 'елу', 'ге', 'ден'],
  [60, 'алпыс', 'қа', 'тан'],
  [70, 'жетпіс', 'ке', 'тен'],
  [80, 'сексен', 'ге', 'нен'],
  [90, 'тоқсан', 'ға', 'нан'],
  [100, 'жүз', 'ге', 'ден'],
  [1_000, 'мың', 'ға', 'нан'],
  [1_500, 'жүз', 'ге', 'ден'],
  [150_000, 'мың', 'ға', 'нан'],
  [1_000_000, 'миллион', 'ға', 'нан'],
  [2_500_000, 'мың', 'ға', 'нан'],
  [3_000_000_000, 'миллиард', 'қа', 'тан'],
  [125, 'бес', 'ке', 'тен'],
  [340, 'қырық', 'қа', 'тан'],
];

// Latin class names as the messages' `select` spells them, to the ending itself.
const dative = { ga: 'ға', ge: 'ге', qa: 'қа', ke: 'ке' } as const;
const ablative = { dan: 'дан', den: 'ден', nan: 'нан', nen: 'нен', tan: 'тан', ten: 'тен' };
const endings = (text: string) => {
  const { dat, abl } = kazakhCases(text);
  return [dative[dat], ablative[abl]];
};

const currencies = [
  ['KZT', 'теңге', 'ге', 'ден'],
  ['RUB', 'рубль', 'ге', 'ден'],
  ['USD', 'доллар', 'ға', 'дан'],
  ['UAH', 'гривна', 'ға', 'дан'],
  ['EUR', 'еуро', 'ға', 'дан'],
] as const;

const money = (currency: string, locale = 'kk') => {
  const intl = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
  });
  const format = moneyFormat((amount) => intl.format(amount));
  return (amount: number) => formatMoney(format, amount);
};

describe('the last word a Kazakh reader says', () => {
  it.each(samples)('%d is read ending in «%s»', (value, word) => {
    expect(lastNumberWord(value)).toBe(word);
  });

  it.each(samples)(
    '%d takes -%s in the dative and -%s in the ablative',
    (value, _word, dat, abl) => {
      const written = new Intl.NumberFormat('kk').format(value);
      expect(endings(written)).toEqual([dat, abl]);
      expect(endings(String(value))).toEqual([dat, abl]);
    },
  );

  it.each(currencies)(
    'an amount in %s ends in «%s», whatever the number',
    (currency, word, dat, abl) => {
      const write = money(currency);
      for (const [value] of samples) {
        expect(lastSpokenWord(write(value))).toBe(word);
        expect(endings(write(value))).toEqual([dat, abl]);
      }
      // The sign before the number is still said after it: «$1 000» is «бір мың доллар».
      expect(lastSpokenWord(money(currency, 'en')(1_000))).toBe(word);
    },
  );

  it('reads a time by its minutes, or by its hour on the hour', () => {
    expect(endings('14:05')).toEqual(['ке', 'тен']);
    expect(endings('14:30 (Asia/Almaty)')).toEqual(['ға', 'дан']);
    expect(endings('14:00')).toEqual(['ке', 'тен']);
  });

  it('reads a decimal by its fraction and a group of three digits as thousands', () => {
    expect(endings('1,5')).toEqual(['ке', 'тен']);
    expect(endings('3,400')).toEqual(['ге', 'ден']);
  });

  it('derives the endings of other words from their sounds', () => {
    expect(wordCases('кітап')).toEqual({ dat: 'qa', abl: 'tan' });
    expect(wordCases('мектеп')).toEqual({ dat: 'ke', abl: 'ten' });
    expect(wordCases('қала')).toEqual({ dat: 'ga', abl: 'dan' });
    expect(wordCases('үй')).toEqual({ dat: 'ge', abl: 'den' });
  });

  it('refuses a text with nothing to read', () => {
    expect(() => kazakhCases('—')).toThrow(/no number or currency/);
  });

  it('names the arguments after the value', () => {
    expect(caseArguments('amount', '500 000 ₸')).toEqual({
      amount: '500 000 ₸',
      amountDat: 'ge',
      amountAbl: 'den',
    });
  });
});

const monthsAttributive = [
  'қаңтардағы',
  'ақпандағы',
  'наурыздағы',
  'сәуірдегі',
  'мамырдағы',
  'маусымдағы',
  'шілдедегі',
  'тамыздағы',
  'қыркүйектегі',
  'қазандағы',
  'қарашадағы',
  'желтоқсандағы',
];
const monthsNominative = [
  'қаңтар',
  'ақпан',
  'наурыз',
  'сәуір',
  'мамыр',
  'маусым',
  'шілде',
  'тамыз',
  'қыркүйек',
  'қазан',
  'қараша',
  'желтоқсан',
];

describe('Kazakh dates', () => {
  it.each(monthsAttributive.map((month, index) => [index + 1, month]))(
    'month %d qualifies a noun as «%s»',
    (month, form) => {
      const date = new Date(Date.UTC(2026, Number(month) - 1, 1, 12));
      expect(kazakhDate(date, 'attributive')).toBe(`2026 жылғы 1 ${form}`);
      expect(kazakhDate(date, 'nominative')).toBe(
        `2026 жылғы 1 ${monthsNominative[Number(month) - 1]}`,
      );
    },
  );

  it('says when something happens in the locative, each month by its own harmony', () => {
    const locative = [
      'қаңтарда',
      'ақпанда',
      'наурызда',
      'сәуірде',
      'мамырда',
      'маусымда',
      'шілдеде',
      'тамызда',
      'қыркүйекте',
      'қазанда',
      'қарашада',
      'желтоқсанда',
    ];
    locative.forEach((word, index) => {
      const date = new Date(Date.UTC(2027, index, 1, 12));
      expect(kazakhDate(date, 'locative')).toBe(`2027 жылғы 1 ${word}`);
    });
    expect(longDate('kk', new Date('2026-11-30T04:00:00Z'), { form: 'locative' })).toBe(
      '2026 жылғы 30 қарашада',
    );
  });

  it('names the days of the week and heads a day from its own tables', () => {
    const monday = new Date('2026-11-30T04:00:00Z');
    expect(weekdayName('kk', monday, 'Asia/Almaty')).toBe('дүйсенбі');
    expect(weekdayName('kk', new Date('2026-12-06T04:00:00Z'), 'Asia/Almaty')).toBe('жексенбі');
    // Late on Sunday in UTC is Monday in Almaty.
    expect(weekdayName('kk', new Date('2026-11-29T20:00:00Z'), 'Asia/Almaty')).toBe('дүйсенбі');
    expect(weekdayName('ru', monday, 'Asia/Almaty')).toBe('понедельник');
    expect(dayHeading('kk', monday, 'Asia/Almaty')).toBe('30 қараша, дүйсенбі');
    expect(dayHeading('ru', monday, 'Asia/Almaty')).toBe('Понедельник, 30 ноября');
    expect(dayHeading('en', monday, 'Asia/Almaty')).toBe('Monday 30 November');
  });

  it('gives a time of day its locative ending by how it is read', () => {
    expect(kazakhLocative('09:00')).toBe('da'); // тоғызда
    expect(kazakhLocative('10:00')).toBe('da'); // онда
    expect(kazakhLocative('10:30')).toBe('da'); // отызда
    expect(kazakhLocative('11:00')).toBe('de'); // он бірде
    expect(kazakhLocative('13:00')).toBe('te'); // он үште
    expect(kazakhLocative('14:00')).toBe('te'); // он төртте
    expect(kazakhLocative('15:00')).toBe('te'); // он бесте
    expect(kazakhLocative('16:00')).toBe('da'); // он алтыда
    expect(kazakhLocative('17:00')).toBe('de'); // он жетіде
    expect(kazakhLocative('18:00')).toBe('de'); // он сегізде
    expect(kazakhLocative('19:00')).toBe('da'); // он тоғызда
    expect(kazakhLocative('12:00')).toBe('de'); // он екіде
  });

  it('takes the day in the site’s time zone', () => {
    const lateEvening = new Date('2026-10-31T20:00:00Z');
    expect(kazakhDate(lateEvening, 'attributive', 'Asia/Almaty')).toBe('2026 жылғы 1 қарашадағы');
    expect(kazakhDate(lateEvening, 'attributive', 'UTC')).toBe('2026 жылғы 31 қазандағы');
  });

  it('leaves other languages to Intl, as their markets write dates', () => {
    const date = new Date('2026-11-01T12:00:00Z');
    expect(longDate('en', date)).toBe('1 November 2026');
    expect(longDate('uk', date)).toBe('1 листопада 2026 р.');
    expect(longDate('kk', date)).toBe('2026 жылғы 1 қараша');
    expect(longDate('kk', date, { form: 'attributive' })).toBe('2026 жылғы 1 қарашадағы');
  });
});

/* The real catalogue, rendered by use-intl's translator as the site renders it. */

const t = createTranslator({ locale: 'kk', messages: kz });
const tEn = createTranslator({ locale: 'en', messages: en });

const amounts = [
  1, 2, 3, 5, 6, 9, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 1_000, 1_500, 150_000, 1_000_000,
  2_500_000,
];
const written = [
  ...amounts.map((value) => new Intl.NumberFormat('kk').format(value)),
  ...['KZT', 'RUB', 'USD'].flatMap((currency) => amounts.map(money(currency))),
];

const catalogue = new Map(messageEntries(kz));
// Every message that writes an ending onto an amount; the first test keeps the list complete.
const amountKeys = [
  'Calculator.typeFrom',
  'Calculator.typeFromPerMonth',
  'ConsultationForm.details.budget.over',
  'ConsultationForm.details.budget.upTo',
  'HomePage.pricing.from',
  'LeadNotification.budgetRange.over',
  'LeadNotification.budgetRange.upTo',
  'ServicePage.priceFrom',
  'ServicePage.pricePerMonth',
] as const;

describe('Kazakh messages with amounts', () => {
  it('lists every amount template of the catalogue', () => {
    const found = [...catalogue]
      .filter(([, message]) => /\w(?:Dat|Abl),\s*select/.test(message))
      .map(([key]) => key);
    expect(found.sort()).toEqual([...amountKeys].sort());
  });

  it.each(amountKeys)('%s writes the right ending onto every sample amount', (key) => {
    const names = [...argumentNames(parse(catalogue.get(key) ?? ''))].filter((name) =>
      /(?:Dat|Abl)$/.test(name),
    );
    const base = names[0]!.replace(/(?:Dat|Abl)$/, '');
    for (const amount of written) {
      const text = t(key, caseArguments(base, amount));
      const [dat, abl] = endings(amount);
      if (text.includes('дейін')) expect(text).toContain(`${amount}-${dat} дейін`);
      if (/бастап|жоғары/.test(text)) expect(text).toContain(`${amount}-${abl} `);
      // No case governed by the word after the amount is left without its ending.
      expect(text).not.toMatch(/[\d₸₽$€]\s+(?:дейін|бастап|жоғары)/u);
      expect(text).not.toContain('және одан жоғары');
    }
  });

  it('renders the examples a Kazakh editor checked by hand', () => {
    const tenge = money('KZT');
    const dollars = money('USD');
    const fromPrice = (amount: string) =>
      t('HomePage.pricing.from', caseArguments('price', amount)).replace(/\s/gu, ' ');
    const upTo = (amount: string) =>
      t('LeadNotification.budgetRange.upTo', caseArguments('amount', amount)).replace(/\s/gu, ' ');
    expect(upTo(tenge(500_000))).toBe('500 000 ₸-ге дейін');
    expect(upTo(dollars(1_000))).toBe('1 000 $-ға дейін');
    expect(fromPrice(tenge(150_000))).toBe('150 000 ₸-ден бастап');
    expect(
      t('ServicePage.pricePerMonth', caseArguments('price', money('RUB')(45_000))).replace(
        /\s/gu,
        ' ',
      ),
    ).toBe('айына 45 000 ₽-ден бастап');
  });

  it('leaves English as it was, ignoring the case arguments', () => {
    expect(tEn('HomePage.pricing.from', caseArguments('price', '$3,400'))).toBe('from $3,400');
  });
});

describe('Kazakh messages with dates', () => {
  it.each(monthsAttributive.map((month, index) => [index + 1, month]))(
    'the prices’ date in month %d reads «… %s жағдай бойынша»',
    (month, form) => {
      const date = new Date(Date.UTC(2026, Number(month) - 1, 1, 12));
      const text = t('Calculator.result.ratesDate', {
        date: longDate('kk', date, { form: 'attributive' }),
        converted: 'no',
        rate: '',
      });
      expect(text).toBe(`Бағалар 2026 жылғы 1 ${form} жағдай бойынша көрсетілген.`);
      expect(text).not.toMatch(/ж\.\s*\d/u);
      const converted = t('Calculator.result.ratesDate', {
        date: longDate('kk', date, { form: 'attributive' }),
        converted: 'yes',
        rate: '1 $ = 500 ₸',
      });
      expect(converted).toBe(`Бағалар мен бағам 2026 жылғы 1 ${form} жағдай бойынша: 1 $ = 500 ₸.`);
    },
  );

  it('writes the legal pages’ date in full, not as «2026 ж. 1 қараша»', () => {
    const text = t('LegalPage.updated', { date: longDate('kk', new Date('2026-11-01T12:00:00Z')) });
    expect(text).toBe('Соңғы жаңартылған күні: 2026 жылғы 1 қараша');
  });
});
