import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { fallbackErrorTexts } from '@/components/errors/fallback-texts';
import { langCodes, localeFromCode, type LangCode } from '@/i18n/locales';
import en from '../../messages/en.json' with { type: 'json' };
import kz from '../../messages/kz.json' with { type: 'json' };
import ru from '../../messages/ru.json' with { type: 'json' };
import ua from '../../messages/ua.json' with { type: 'json' };

type Catalogue = { [key: string]: string | Catalogue };
const catalogues: Record<LangCode, Catalogue> = { ru, en, kz, ua };

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Argument names of an ICU message, with the kind of each (plain, number, plural …). */
function argumentsOf(
  elements: MessageFormatElement[],
  out = new Map<string, TYPE>(),
): Map<string, TYPE> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if ('value' in element && typeof element.value === 'string')
      out.set(element.value, element.type);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, out);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, out);
  }
  return out;
}

/**
 * A language may choose a case ending by the class of another argument's
 * value (`{amount}{amountDat, select, …}` in Kazakh, see caseArguments): every
 * caller passes those classes, and the languages that need no ending ignore
 * them. Such an argument counts only beside the argument it belongs to.
 */
function withoutCaseArguments(found: Map<string, TYPE>): Map<string, TYPE> {
  return new Map(
    [...found].filter(([name]) => {
      const base = /^(\w+)(?:Dat|Abl|Loc)$/.exec(name)?.[1];
      return base === undefined || !found.has(base);
    }),
  );
}

const flat = Object.fromEntries(
  langCodes.map((code) => [code, flatten(catalogues[code])]),
) as Record<LangCode, Map<string, string>>;
const allKeys = [...new Set(langCodes.flatMap((code) => [...flat[code].keys()]))].sort();

describe('message catalogues', () => {
  it.each(langCodes)('%s has every key of every other language', (code) => {
    const missing = allKeys.filter((key) => !flat[code].has(key));
    expect(missing).toEqual([]);
  });

  it.each(langCodes)('%s has no empty message', (code) => {
    const empty = [...flat[code]].filter(([, value]) => value.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(langCodes)('%s uses the same arguments as English in every message', (code) => {
    const differences: string[] = [];
    for (const key of allKeys) {
      const mine = withoutCaseArguments(argumentsOf(parse(flat[code].get(key) ?? '')));
      const english = argumentsOf(parse(flat.en.get(key) ?? ''));
      const a = [...mine.keys()].sort().join(',');
      const b = [...english.keys()].sort().join(',');
      if (a !== b) differences.push(`${key}: {${a}} vs English {${b}}`);
    }
    expect(differences).toEqual([]);
  });

  it.each(langCodes)('%s formats every message in its own locale', (code) => {
    const locale = localeFromCode(code);
    const samples = {
      brand: 'Ortus Digital',
      count: 5,
      hours: 2,
      year: 2025,
      status: 500,
      path: '/x',
    };
    for (const [key, message] of flat[code]) {
      const values = Object.fromEntries(
        [...argumentsOf(parse(message)).keys()].map((name) => [
          name,
          samples[name as keyof typeof samples] ?? name,
        ]),
      );
      expect(() => new IntlMessageFormat(message, locale).format(values), key).not.toThrow();
    }
  });

  it('writes Ukrainian plurals with all of one, few, many and other', () => {
    for (const [key, message] of flat.ua) {
      for (const element of parse(message)) {
        if (element.type === TYPE.plural) {
          expect(Object.keys(element.options).sort(), key).toEqual(['few', 'many', 'one', 'other']);
        }
      }
    }
  });

  it('formats Russian, Ukrainian and Kazakh plurals by their own rules', () => {
    const callback = (code: LangCode, count: number) =>
      new IntlMessageFormat(
        flat[code].get('HomePage.claims.callbackValue')!,
        localeFromCode(code),
      ).format({ count });
    expect([1, 2, 5].map((n) => callback('ru', n))).toEqual(['1 час', '2 часа', '5 часов']);
    expect([1, 2, 5].map((n) => callback('ua', n))).toEqual(['1 година', '2 години', '5 годин']);
    expect([1, 2, 5].map((n) => callback('en', n))).toEqual(['1 hour', '2 hours', '5 hours']);
    expect(callback('kz', 2)).toBe('2 сағат');
  });

  it('writes Kazakh and Ukrainian in their own letters, not copied from Russian', () => {
    const text = (code: LangCode) => [...flat[code].values()].join(' ');
    expect(text('kz')).toMatch(/[әғқңөұүһі]/);
    expect(text('ua')).toMatch(/[іїєґ]/);
    expect(text('ua')).not.toMatch(/[ыэъё]/);
    // Sentences must differ; a shared term ("Контент-маркетинг") or "{days}, {opens}–{closes}" may not.
    const words = (message = '') => message.replace(/\{[^}]*\}/g, '').replace(/[^\p{L}]/gu, '');
    const copied = allKeys.filter(
      (key) =>
        words(flat.ru.get(key)).length > 25 &&
        (flat.ru.get(key) === flat.kz.get(key) || flat.ru.get(key) === flat.ua.get(key)),
    );
    expect(copied).toEqual([]);
  });
});

describe('last-resort error texts', () => {
  it.each(langCodes)('%s matches ErrorPage in the messages', (code) => {
    const page = (catalogues[code].ErrorPage ?? {}) as Record<string, string>;
    const texts = fallbackErrorTexts[code];
    expect(texts).toEqual({
      internalServerError: page.internalServerError,
      description: page.description,
      retry: page.retry,
      home: page.home,
    });
  });
});
