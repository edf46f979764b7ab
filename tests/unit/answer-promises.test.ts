import { readFileSync, globSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { langCodes, localeFromCode, type LangCode } from '@/i18n/locales';
import { contactMethods } from '@/lib/consultation/fields';
import en from '../../messages/en.json' with { type: 'json' };
import kz from '../../messages/kz.json' with { type: 'json' };
import ru from '../../messages/ru.json' with { type: 'json' };
import ua from '../../messages/ua.json' with { type: 'json' };
import { argumentNames, messageEntries, type Catalogue } from '../support/messages';

/**
 * A visitor chooses how to be answered (phone, e-mail, Telegram, WhatsApp), so
 * no text may promise them a call whatever they chose: "we will call you back"
 * reads as a broken promise to one who gave an e-mail. The text that knows the
 * choice (the thank-you after a request) names it, and promises a call only on
 * the phone's branch of its `select`.
 */

/** Each language's ways of saying "we (a manager) will call you (back)". */
const callPromise: Record<LangCode, RegExp> = {
  ru: /перезв[ао]н|позвоним|позвонит(?!\p{L})|позвонят|(?<!\p{L})звоним|обратн\p{L}* звон|наберём вас/giu,
  en: /\bcall(?:s|ing)? (?:you )?back\b|\bcallbacks?\b|\bcall you\b|\bget a call\b|\b(?:phone|ring) you\b|\bgive you a (?:call|ring)\b/giu,
  kz: /кері қоңырау|қоңырау шаламыз|қоңырау шалады|қоңырау шалынады|қоңырау шаламын/giu,
  ua: /передзвон|зателефонуємо|зателефонує(?!\p{L})|(?<!\p{L})телефонуємо|зворотн\p{L}* дзвін|подзвонимо|подзвонить(?!\p{L})/giu,
};

/** "…will call or write to you": a choice offered, not a call promised. */
const offersChoice = /^\s*(?:или|либо|or|немесе|не|або|чи)\s/iu;

/** The promises in a text, each with a little of what surrounds it. */
function promisesIn(code: LangCode, text: string): string[] {
  return [...text.matchAll(callPromise[code])]
    .filter((match) => !offersChoice.test(text.slice(match.index + match[0].length)))
    .map((match) => text.slice(Math.max(0, match.index - 40), match.index + match[0].length + 40));
}

/** Texts that speak of calls and are allowed to: each with why. */
const allowedInContent: { file: string; field: RegExp; why: string }[] = [
  {
    file: 'content/cases/inzhu-dental-ads/index.yaml',
    field: /^work\[1\]\.text$/,
    why: 'a stage of the clinic’s own sales pipeline ("called back"), not a promise to the reader',
  },
  {
    file: 'content/about/index.yaml',
    field: /^facts\[\d+\]\.key$/,
    why: 'the fact’s identifier ("callback"), which the page never shows',
  },
];

const catalogues: Record<LangCode, Catalogue> = { ru, en, kz, ua };

/**
 * A message as each visitor who did not choose the phone reads it: its `method`
 * set to every other way of answering, and to none (the `other` branch).
 */
function readWithoutPhone(code: LangCode, message: string): string[] {
  const names = argumentNames(parse(message));
  const format = new IntlMessageFormat(message, localeFromCode(code));
  const methods = names.has('method')
    ? [...contactMethods.filter((method) => method !== 'phone'), 'none']
    : ['none'];
  return methods.map((method) =>
    String(
      format.format(
        Object.fromEntries(
          [...names].map((name) => [
            name,
            name === 'method' ? method : ['hours', 'count', 'minutes'].includes(name) ? 2 : name,
          ]),
        ),
      ),
    ),
  );
}

/** Every string under `value` with its field path (`texts.ru.faq[2].answer`). */
function stringsOf(value: unknown, field = ''): [string, string][] {
  if (typeof value === 'string') return [[field, value]];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringsOf(item, `${field}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      stringsOf(item, field ? `${field}.${key}` : key),
    );
  return [];
}

const root = path.resolve(import.meta.dirname, '../..');
const contentFiles = globSync('content/**/index.{yaml,json}', { cwd: root }).sort();

describe('what the site promises about its answer', () => {
  it('the scan knows how each language promises a call', () => {
    // The patterns must catch the phrases they are for, and leave "call us" alone.
    expect(promisesIn('ru', 'в рабочие дни перезваниваем в течение двух часов')).toHaveLength(1);
    expect(promisesIn('ru', 'менеджер позвонит вам')).toHaveLength(1);
    expect(promisesIn('ru', 'или позвоните нам: +7')).toEqual([]);
    expect(promisesIn('en', 'we will call you back within 2 hours')).toHaveLength(1);
    expect(promisesIn('en', 'or call us at +44')).toEqual([]);
    expect(promisesIn('kz', '2 сағат ішінде кері қоңырау шаламыз')).toHaveLength(1);
    expect(promisesIn('kz', 'сізге қоңырау шалады немесе жазады')).toEqual([]);
    expect(promisesIn('kz', 'бізге қоңырау шалыңыз')).toEqual([]);
    expect(promisesIn('ua', 'ми передзвонимо протягом 2 годин')).toHaveLength(1);
    expect(promisesIn('ua', 'або зателефонуйте нам')).toEqual([]);
  });

  it.each(langCodes)(
    'in %s, no message promises a call to a visitor who chose otherwise',
    (code) => {
      const found = messageEntries(catalogues[code]).flatMap(([key, message]) =>
        readWithoutPhone(code, message).flatMap((text) =>
          promisesIn(code, text).map((promise) => `${key}: …${promise}…`),
        ),
      );
      expect([...new Set(found)]).toEqual([]);
    },
  );

  it('the thank-you promises a call on the phone’s branch only', () => {
    for (const code of langCodes) {
      const message = (catalogues[code] as typeof ru).ConsultationForm.success.text;
      const text = new IntlMessageFormat(message, localeFromCode(code)).format({
        method: 'phone',
        hours: 2,
      });
      expect(promisesIn(code, String(text)), code).toHaveLength(1);
    }
  });

  it('no content entry, in any language, promises a call', () => {
    expect(contentFiles.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const file of contentFiles) {
      const source = readFileSync(path.join(root, file), 'utf8');
      const data = (file.endsWith('.json') ? JSON.parse(source) : load(source)) as {
        texts?: Partial<Record<LangCode, unknown>>;
      };
      const allowed = (field: string) =>
        allowedInContent.some((entry) => entry.file === file && entry.field.test(field));
      const { texts, ...shared } = data;
      for (const code of langCodes) {
        // Each language's texts in its own patterns; fields the languages share in every one.
        const fields = [
          ...stringsOf(shared).map(([field, text]) => [field, field, text]),
          ...stringsOf(texts?.[code]).map(([field, text]) => [
            field,
            `texts.${code}.${field}`,
            text,
          ]),
        ];
        for (const [field, shown, text] of fields)
          if (!allowed(field!))
            for (const promise of promisesIn(code, text!))
              found.push(`${file}: ${shown}: …${promise}…`);
      }
    }
    expect([...new Set(found)]).toEqual([]);
  });
});
