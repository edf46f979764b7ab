/**
 * Money as the page's language writes it ("3 400 ₽", "$3,400", "3 400 ₸"),
 * without `Intl` at display time. The server reads the pattern once from the
 * page's formatter and the browser formats with it, so a price is written the same on
 * both sides (browsers and Node ship different ICU versions) and the
 * calculator never meets a hydration mismatch.
 */
export type MoneyFormat = {
  prefix: string;
  suffix: string;
  group: string;
  /** Digits a number needs before it is grouped at all (1: "1 000"; 2: "1000" but "10 000"). */
  minimumGrouping: number;
};

/**
 * On the server: the pattern of whole amounts, read from how the page's
 * formatter writes two sample amounts (use-intl's `format.number` with the
 * currency style, or `Intl.NumberFormat#format`).
 */
export function moneyFormat(format: (amount: number) => string): MoneyFormat {
  const sample = format(1_234_567);
  const first = sample.indexOf('1');
  const last = sample.lastIndexOf('7');
  const group = sample.slice(first + 1, sample.indexOf('2', first));
  return {
    prefix: sample.slice(0, first),
    suffix: sample.slice(last + 1),
    group,
    minimumGrouping: /\d\D+\d/.test(format(1_000)) ? 1 : 2,
  };
}

/** Groups the digits of a whole number by thousands. */
export function groupDigits(value: number, group: string, minimumGrouping = 1): string {
  const digits = String(Math.round(Math.abs(value)));
  const sign = value < 0 ? '-' : '';
  if (digits.length < 4 + (minimumGrouping - 1)) return sign + digits;
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

export function formatMoney(format: MoneyFormat, amount: number): string {
  return `${format.prefix}${groupDigits(amount, format.group, format.minimumGrouping)}${format.suffix}`;
}

/**
 * `Intl.NumberFormat` options for whole amounts of a currency. Each currency
 * by its own sign (₽, ₸, ₴) in every language: Russian writes tenge as "KZT"
 * and English writes roubles as "RUB" by default, where a buyer looks for ₸
 * and ₽. The dollar keeps the language's own spelling ("US$" in British
 * English, where "$" alone could be any dollar).
 */
export function moneyOptions(currency: string) {
  return {
    style: 'currency',
    currency,
    currencyDisplay: currency === 'USD' ? 'symbol' : 'narrowSymbol',
    maximumFractionDigits: 0,
  } as const;
}
