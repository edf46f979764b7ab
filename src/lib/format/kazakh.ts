import { formatLocale, type Locale } from '@/i18n/locales';

/**
 * Kazakh grammar for values written into messages. A Kazakh case ending
 * follows the last word a reader pronounces: «500 000 ₸-ге дейін» because
 * «₸» is read «теңге», «10-нан бастап» because «10» is read «он». The ending
 * depends on that word's vowel harmony and its last sound, so it cannot be
 * written once in a message: here we find the word and its class, pass the
 * class as a message argument, and the message picks the ending with
 * `select` (`{amount}{amountDat, select, ga {-ға} ge {-ге} qa {-қа} other {-ке}}`).
 * Other languages receive the same arguments and ignore them.
 */

/** The dative ending (барыс септік) the word takes: -ға, -ге, -қа, -ке. */
export type KazakhDative = 'ga' | 'ge' | 'qa' | 'ke';
/** The ablative ending (шығыс септік) the word takes: -дан, -ден, -нан, -нен, -тан, -тен. */
export type KazakhAblative = 'dan' | 'den' | 'nan' | 'nen' | 'tan' | 'ten';
export type KazakhCases = { dat: KazakhDative; abl: KazakhAblative };

const backVowels = new Set([...'аоұыя']);
const frontVowels = new Set([...'әеөүіэ']);
// и and у are written in both kinds of word; the harmony comes from the other vowels.
const vowels = new Set([...'аәеёиоөуұүыіэюя']);
const nasals = new Set([...'мнң']);
// Voiceless consonants, and the voiced stops a word-final position devoices (миллиард → -қа).
const voiceless = new Set([...'кқпстфхцчшщбвгд']);

/** The case endings a Kazakh word takes, from its harmony and its last sound. */
export function wordCases(word: string): KazakhCases {
  const letters = [...word.toLowerCase()].filter((c) => /\p{L}/u.test(c));
  // A final soft sign (рубль) marks a front word and is not a sound of its own.
  const soft = letters.at(-1) === 'ь';
  const sounds = soft ? letters.slice(0, -1) : letters;
  let front = soft;
  if (!soft) {
    const decisive = [...sounds].reverse().find((c) => backVowels.has(c) || frontVowels.has(c));
    front = decisive !== undefined ? frontVowels.has(decisive) : false;
  }
  const last = sounds.at(-1);
  if (last === undefined) throw new Error(`wordCases: "${word}" has no letters`);
  const kind = vowels.has(last)
    ? 'voiced'
    : nasals.has(last)
      ? 'nasal'
      : voiceless.has(last)
        ? 'voiceless'
        : 'voiced';
  const dat: KazakhDative = kind === 'voiceless' ? (front ? 'ke' : 'qa') : front ? 'ge' : 'ga';
  const abl: KazakhAblative =
    kind === 'voiceless'
      ? front
        ? 'ten'
        : 'tan'
      : kind === 'nasal'
        ? front
          ? 'nen'
          : 'nan'
        : front
          ? 'den'
          : 'dan';
  return { dat, abl };
}

const units = ['', 'бір', 'екі', 'үш', 'төрт', 'бес', 'алты', 'жеті', 'сегіз', 'тоғыз'];
const tens = ['', 'он', 'жиырма', 'отыз', 'қырық', 'елу', 'алпыс', 'жетпіс', 'сексен', 'тоқсан'];
const scales = ['', 'мың', 'миллион', 'миллиард', 'триллион'];

/** The last word of a whole number read aloud in Kazakh: 1 500 → «жүз», 150 000 → «мың», 0 → «нөл». */
export function lastNumberWord(value: number): string {
  let n = Math.abs(Math.trunc(value));
  if (!Number.isSafeInteger(n)) throw new Error(`lastNumberWord: ${value} is too large to read`);
  if (n === 0) return 'нөл';
  let scale = 0;
  while (n % 1000 === 0) {
    n /= 1000;
    scale += 1;
  }
  if (scale > 0) return scales[Math.min(scale, scales.length - 1)]!;
  if (n % 10 !== 0) return units[n % 10]!;
  if (n % 100 !== 0) return tens[(n % 100) / 10]!;
  return 'жүз';
}

/** Currency signs and codes as the Kazakh reader says them. */
const currencyWords: [RegExp, string][] = [
  [/₸|\bKZT\b/u, 'теңге'],
  [/₽|\bRUB\b/u, 'рубль'],
  [/\$|\bUSD\b/u, 'доллар'],
  [/₴|\bUAH\b/u, 'гривна'],
  [/€|\bEUR\b/u, 'еуро'],
];

/**
 * The last word a Kazakh reader pronounces in a formatted value: the
 * currency's name when the value is an amount of money (wherever the sign
 * stands: «$1 000» is read «бір мың доллар»), otherwise the number's last
 * word. A time of day is read by its minutes, or its hour on the hour.
 */
export function lastSpokenWord(text: string): string {
  const plain = text.replace(/\s*\([^)]*\)\s*$/u, '').trim();
  for (const [sign, word] of currencyWords) if (sign.test(plain)) return word;
  const time = /(\d{1,2}):(\d{2})(?::\d{2})?\D*$/u.exec(plain);
  if (time) return lastNumberWord(Number(time[2]) || Number(time[1]));
  const number = /(\d(?:[\d\s\u00a0\u202f'’]*\d)?)(?:[.,](\d+))?\D*$/u.exec(plain);
  if (!number) throw new Error(`lastSpokenWord: no number or currency in "${text}"`);
  const [, whole = '', fraction] = number;
  // A decimal is read «бір бүтін оннан бес»: its last word is the fraction's.
  // Three digits after a separator are a group of thousands, not a fraction.
  if (fraction !== undefined && fraction.length !== 3) return lastNumberWord(Number(fraction));
  const digits = (whole + (fraction ?? '')).replace(/\D/gu, '');
  return lastNumberWord(Number(digits));
}

/** The locative ending (жатыс септік) a word takes: -да, -де, -та, -те. */
export type KazakhLocative = 'da' | 'de' | 'ta' | 'te';

/**
 * The locative ending of a formatted number, amount or time («10:00-да»,
 * «13:00-те»): it follows the same harmony and last sound as the dative,
 * -да/-де where the dative is -ға/-ге, -та/-те where it is -қа/-ке.
 */
export function kazakhLocative(text: string): KazakhLocative {
  const { dat } = kazakhCases(text);
  return ({ ga: 'da', ge: 'de', qa: 'ta', ke: 'te' } as const)[dat];
}

/** The dative and ablative endings of a formatted number, amount or time. */
export function kazakhCases(text: string): KazakhCases {
  return wordCases(lastSpokenWord(text));
}

/**
 * A value and its Kazakh case classes as message arguments, named after it:
 * `caseArguments('amount', '500 000 ₸')` gives `{ amount, amountDat: 'ge', amountAbl: 'den' }`.
 */
export function caseArguments<N extends string>(
  name: N,
  text: string,
): Record<N, string> & Record<`${N}Dat`, KazakhDative> & Record<`${N}Abl`, KazakhAblative> {
  const { dat, abl } = kazakhCases(text);
  return { [name]: text, [`${name}Dat`]: dat, [`${name}Abl`]: abl } as Record<N, string> &
    Record<`${N}Dat`, KazakhDative> &
    Record<`${N}Abl`, KazakhAblative>;
}

/** The months in the nominative (қараша) and in the locative with -ғы/-гі (қарашадағы). */
export const kazakhMonths = [
  ['қаңтар', 'қаңтардағы'],
  ['ақпан', 'ақпандағы'],
  ['наурыз', 'наурыздағы'],
  ['сәуір', 'сәуірдегі'],
  ['мамыр', 'мамырдағы'],
  ['маусым', 'маусымдағы'],
  ['шілде', 'шілдедегі'],
  ['тамыз', 'тамыздағы'],
  ['қыркүйек', 'қыркүйектегі'],
  ['қазан', 'қазандағы'],
  ['қараша', 'қарашадағы'],
  ['желтоқсан', 'желтоқсандағы'],
] as const;

/** The days of the week, Monday first (ISO weekday − 1). */
export const kazakhWeekdays = [
  'дүйсенбі',
  'сейсенбі',
  'сәрсенбі',
  'бейсенбі',
  'жұма',
  'сенбі',
  'жексенбі',
] as const;

/** The parts of a date on the calendar of a time zone. */
function calendarParts(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    timeZone,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    weekday: weekdays.indexOf(part('weekday') ?? ''),
  };
}

/**
 * The day of the week in the page's language («понедельник», «дүйсенбі»).
 * Kazakh comes from the table above: browsers ship `Intl` without Kazakh
 * names (Chromium writes «Mon»).
 */
export function weekdayName(locale: Locale, date: Date, timeZone = 'UTC'): string {
  if (locale === 'kk') return kazakhWeekdays[calendarParts(date, timeZone).weekday] ?? '';
  return new Intl.DateTimeFormat(formatLocale(locale), { weekday: 'long', timeZone }).format(date);
}

/**
 * A day as a heading over the times of that day: «Понедельник, 30 ноября»,
 * "Monday 30 November", «30 қараша, дүйсенбі» (Kazakh by the tables above,
 * for the same reason), with a capital letter.
 */
export function dayHeading(locale: Locale, date: Date, timeZone = 'UTC'): string {
  let text: string;
  if (locale === 'kk') {
    const { month, day, weekday } = calendarParts(date, timeZone);
    text = `${day} ${kazakhMonths[month - 1]?.[0] ?? ''}, ${kazakhWeekdays[weekday] ?? ''}`;
  } else {
    text = new Intl.DateTimeFormat(formatLocale(locale), {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone,
    }).format(date);
  }
  return text.charAt(0).toLocaleUpperCase(formatLocale(locale)) + text.slice(1);
}

/** How a date stands in a Kazakh sentence: on its own, before a noun, or as when something happens. */
export type KazakhDateForm = 'nominative' | 'attributive' | 'locative';

/**
 * A date as Kazakh writes it in a sentence, not as `Intl` abbreviates it
 * («2026 ж. 1 қараша»): «2026 жылғы 1 қараша» on its own, «2026 жылғы
 * 1 қарашадағы» before the noun it qualifies («… жағдай бойынша»), «2026
 * жылғы 1 қарашада» for when something happens («… өтеді»). The day, month
 * and year come from `Intl` in the given time zone, so the date is the same
 * one the other languages show.
 */
export function kazakhDate(date: Date, form: KazakhDateForm, timeZone = 'UTC'): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    timeZone,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  const month = kazakhMonths[part('month') - 1];
  if (!month) throw new Error(`kazakhDate: ${String(date)} is not a valid date`);
  const [nominative, attributive] = month;
  // The attributive is the locative and -ғы/-гі: қарашада → қарашадағы.
  const word =
    form === 'nominative'
      ? nominative
      : form === 'attributive'
        ? attributive
        : attributive.slice(0, -2);
  return `${part('year')} жылғы ${part('day')} ${word}`;
}

/**
 * A date written out in the page's language: `Intl`'s long date, except in
 * Kazakh, where `Intl` abbreviates («2026 ж. 1 қараша») and has no form for a
 * date that qualifies a noun; `form` says which Kazakh form the sentence needs.
 */
export function longDate(
  locale: Locale,
  date: Date,
  { form = 'nominative', timeZone = 'UTC' }: { form?: KazakhDateForm; timeZone?: string } = {},
): string {
  if (locale === 'kk') return kazakhDate(date, form, timeZone);
  return new Intl.DateTimeFormat(formatLocale(locale), { dateStyle: 'long', timeZone }).format(
    date,
  );
}
