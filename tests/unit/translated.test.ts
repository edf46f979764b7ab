import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { messageEntries, type Catalogue } from '../support/messages';

/**
 * Every language is written, not copied: a message or a content field that
 * reads exactly as its Russian original in another language was forgotten in
 * translation. Text with no Cyrillic letter is a name, a number or a brand
 * ("WhatsApp", "SEO", "+7 700 …") and may be the same everywhere; so may
 * people's names, and the few words each language shares with Russian, listed
 * below with the language they belong to. A missing message or field fails too.
 */

const languages = ['en', 'kz', 'ua'] as const;
type Language = (typeof languages)[number];

/**
 * Words and phrases spelt the same in Russian and in the language, each
 * checked by a native speaker: Kazakh and Ukrainian borrowed these as they are.
 * English shares no Cyrillic text with Russian.
 */
const sharedWithRussian: Record<Language, ReadonlySet<string>> = {
  en: new Set(),
  kz: new Set([
    // Loanwords Kazakh writes as Russian does.
    ...['Автор', 'Аналитика', 'Аудит', 'IT-аудит', 'IT-консалтинг', 'Бизнес', 'Блог', 'Бюджет'],
    ...['бюджет', 'Вебхук', 'Дизайн', 'Кейс', 'Клиент', 'Команда', 'Коммерция', 'Лендинг'],
    ...['Маркетинг', 'Контент-маркетинг', 'Email-маркетинг', 'email-маркетинг', 'Портфолио'],
    ...['Премиум', 'Старт', 'Телефон', 'веб-аналитика', 'калькулятор', 'прототип', 'смета'],
    ...['Сайт', 'дизайн', 'Смета (PDF)'],
    '30–60 минут',
    '25 мин',
    // Names of places and products, spelt in Kazakh as in Russian.
    ...['Киев, Украина', 'Львов, Украина', 'Таллин, Эстония', 'Яндекс Метрика', '1С:Предприятие'],
  ]),
  ua: new Set([
    // Words Ukrainian spells as Russian does.
    ...['Автор', 'Аудит', 'IT-аудит', 'IT-консалтинг', 'Блог', 'Блог {brand}', 'Бюджет', 'бюджет'],
    ...['Вебхук', 'Дизайн', 'Кейс', 'Команда', 'Наша команда', 'Запуск', 'Лендинг', 'Маркетинг'],
    ...['Контент-маркетинг', 'Digital-маркетинг', 'Email-маркетинг', 'email-маркетинг', 'Меню'],
    ...['Онлайн-оплата', 'Продукт', 'Реклама', 'Рубрики', 'Старт', 'Теги', 'Телефон'],
    ...['калькулятор', 'Калькулятор ставок', 'прототип', 'чек-лист', 'Umami (без cookie)'],
    ...['До {amount}', 'до {amount}', '1 день'],
    ...['Сайт', 'дизайн'],
    // Names of places, spelt in Ukrainian as in Russian.
    ...['Астана, Казахстан', 'Ташкент, Узбекистан'],
  ]),
};

/** Fields that hold a person's name: written in each alphabet as the person is known. */
const nameFields = /(?:^|\.)(?:name|author)$/;

const cyrillic = /\p{Script=Cyrillic}/u;

/** The letters of a text outside its placeholders, markup and links. */
function prose(text: string): string {
  return text
    .replace(/\{\{?[\w-]+\}?\}/g, ' ')
    .replace(/<\/?\w+>/g, ' ')
    .replace(/\]\([^)]*\)/g, ']');
}

function needsTranslation(text: string): boolean {
  return cyrillic.test(prose(text));
}

/** Each text of a value with its path: `includes[0].title`. */
function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, `${prefix}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      leaves(item, prefix ? `${prefix}.${key}` : key),
    );
  return [];
}

type Finding = { where: string; text: string };

/** What in `other` is missing or reads as the Russian `ru`, path by path. */
function compare(
  where: string,
  ru: unknown,
  other: unknown,
  language: Language,
  isName: (key: string) => boolean,
) {
  const missing: string[] = [];
  const same: Finding[] = [];
  const theirs = new Map(leaves(other));
  for (const [key, text] of leaves(ru)) {
    const translated = theirs.get(key);
    if (translated === undefined) missing.push(`${where} ${key}`);
    else if (
      translated === text &&
      needsTranslation(text) &&
      !isName(key) &&
      !sharedWithRussian[language].has(text)
    )
      same.push({ where: `${where} ${key}`, text });
  }
  return { missing, same };
}

const root = path.resolve(import.meta.dirname, '../..');

function readCatalogue(code: string): Catalogue {
  return JSON.parse(readFileSync(path.join(root, 'messages', `${code}.json`), 'utf8')) as Catalogue;
}

function contentFiles(dir = path.join(root, 'content')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return contentFiles(full);
    return /\.(?:ya?ml|json)$/.test(entry.name) ? [full] : [];
  });
}

const allLanguages = ['ru', ...languages] as const;

/** Every `{ ru, en, kz, ua }` map in a content file, with where it is. */
function languageMaps(value: unknown, where: string): [string, Record<string, unknown>][] {
  if (!value || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  if (allLanguages.every((code) => code in record)) return [[where, record]];
  return Object.entries(record).flatMap(([key, item]) =>
    languageMaps(item, where.endsWith(':') ? `${where} ${key}` : `${where}.${key}`),
  );
}

describe('every language is written, not copied from Russian', () => {
  const ru = readCatalogue('ru');

  it.each(languages)('messages/%s.json', (language) => {
    const found = compare(
      `messages/${language}.json`,
      Object.fromEntries(messageEntries(ru)),
      Object.fromEntries(messageEntries(readCatalogue(language))),
      language,
      () => false,
    );
    expect(found.missing).toEqual([]);
    expect(found.same).toEqual([]);
  });

  it.each(languages)('content/ in %s', (language) => {
    const files = contentFiles();
    expect(files.length).toBeGreaterThan(40);
    const missing: string[] = [];
    const same: Finding[] = [];
    let compared = 0;
    for (const file of files) {
      const raw = readFileSync(file, 'utf8');
      const data = file.endsWith('.json') ? (JSON.parse(raw) as unknown) : load(raw);
      const relative = path.relative(root, file);
      const isName = (key: string) =>
        /^content\/(?:team|testimonials|blog)\//.test(relative) && nameFields.test(key);
      for (const [where, map] of languageMaps(data, `${relative}:`)) {
        compared += 1;
        const found = compare(where, map.ru, map[language], language, isName);
        missing.push(...found.missing);
        same.push(...found.same);
      }
    }
    // Each entry's texts, the site's legal name and address and more.
    expect(compared).toBeGreaterThan(50);
    expect(missing).toEqual([]);
    expect(same).toEqual([]);
  });

  it('knows a forgotten translation when it sees one', () => {
    const isName = (key: string) => nameFields.test(key);
    const found = compare(
      'sample',
      {
        title: 'Разработка сайтов',
        name: 'Айгерим',
        tags: ['SEO', 'смета'],
        cta: 'Оставить заявку',
      },
      { title: 'Разработка сайтов', name: 'Айгерим', tags: ['SEO', 'смета'] },
      'ua',
      isName,
    );
    expect(found.missing).toEqual(['sample cta']);
    expect(found.same.map((finding) => finding.where)).toEqual(['sample title', 'sample tags[1]']);
    expect(needsTranslation('{brand} · SEO')).toBe(false);
    expect(needsTranslation('[Google](https://example.com/путь)')).toBe(false);
  });
});
