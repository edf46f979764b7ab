/**
 * Plural messages for the browser without shipping an ICU parser: the server
 * evaluates a message once per plural category of the language, with `#`
 * where the number goes, and the browser picks the form with
 * `Intl.PluralRules`. Messages used this way must not use exact matches
 * (`=1 {…}`): they would be taken for the whole category.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>>;

// Numbers that reach every category of ru, uk, kk and en, exact-match-proof (21 before 1).
const samples = [21, 22, 25, 2, 5, 0, 11, 1, 1.5];

export function pluralForms(locale: string, format: (count: number) => string): PluralForms {
  const rules = new Intl.PluralRules(locale);
  const number = new Intl.NumberFormat(locale);
  const forms: PluralForms = {};
  for (const sample of samples) {
    const category = rules.select(sample);
    if (forms[category] !== undefined) continue;
    forms[category] = format(sample).replace(number.format(sample), '#');
  }
  return forms;
}

/** In the browser (or anywhere): the form for a whole number, the number written in. */
export function formatPlural(
  locale: string,
  forms: PluralForms,
  count: number,
  written = String(count),
): string {
  const form = forms[new Intl.PluralRules(locale).select(count)] ?? forms.other ?? '#';
  return form.replace('#', written);
}

/** Fills `{name}` placeholders of a plain message (no plurals, no selects). */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}
