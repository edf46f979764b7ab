import {
  pricingConfig,
  type DesignLevel,
  type FeatureId,
  type Platform,
  type ProjectTypeId,
  type Selection,
  type SizeUnit,
  type Urgency,
} from '@/config/pricing';
import { formatMoney, type MoneyFormat } from '@/lib/format/money';
import { fillTemplate, formatPlural, type PluralForms } from '@/lib/format/plural';
import type { EstimateLine, PricedEstimate } from './estimate';

/** An option of a level choice: its name, and a name that stands on its own in a summary ("Custom design"). */
type Level = { name: string; summary: string };

/**
 * Every text the calculator computes with or combines, in one language, ready
 * for the browser: plain strings, `{name}` templates and plural forms, no ICU.
 * Built on the server by `calculatorTexts` (texts.ts). What each option's card
 * says of it and never changes (its price, its description) is apart, in
 * `CalculatorDetails`: the page renders it, and an island is handed it as HTML.
 */
export type CalculatorTexts = {
  locale: string;
  money: MoneyFormat;
  formLabel: string;
  steps: { type: string; scope: string; features: string; timing: string };
  types: Record<ProjectTypeId, { name: string; sizeLabel: string; sizeRange: string }>;
  sizeCount: Record<SizeUnit, PluralForms>;
  /** Template with {value}. */
  sizeClamped: string;
  design: { legend: string; levels: Record<DesignLevel, Level> };
  platform: { legend: string; options: Record<Platform, string> };
  features: { none: string; items: Record<FeatureId, { name: string }> };
  urgency: { legend: string; levels: Record<Urgency, Level> };
  support: { label: string; hint: string; count: PluralForms };
  result: {
    title: string;
    cost: string;
    /** Template with {low} and {high}. */
    range: string;
    duration: string;
    weeks: PluralForms;
    /** Template with {low} and {high}. */
    perMonth: string;
    breakdown: string;
    lines: { build: string; urgency: string; support: string };
    disclaimer: string;
    ratesDate: string;
    choices: string;
  };
  actions: {
    update: string;
    copy: string;
    copied: string;
    copyFailed: string;
    print: string;
    /** The link to the estimate as a PDF. */
    download: string;
    send: string;
    share: string;
  };
};

/**
 * What the full calculator's option cards say beside an option's name: a
 * type's "from" price and description, a feature's price and description, a
 * level's description. Fixed texts, built on the server by
 * `calculatorDetails` (texts.ts).
 */
export type CalculatorDetails = {
  types: Record<ProjectTypeId, { from: string; description: string }>;
  features: Record<FeatureId, { price: string; description: string }>;
  design: Record<DesignLevel, string>;
  urgency: Record<Urgency, string>;
};

/**
 * What the home page's compact calculator shows: the names of its choices, of
 * the features it counts without showing their boxes, and the result's
 * templates, nothing else. Its props travel in the page's HTML.
 */
export type CompactCalculatorTexts = Pick<
  CalculatorTexts,
  'locale' | 'money' | 'formLabel' | 'sizeClamped' | 'types'
> & {
  features: { items: CalculatorTexts['features']['items'] };
  steps: Pick<CalculatorTexts['steps'], 'type'>;
  design: { legend: string; levels: Record<DesignLevel, { name: string }> };
  urgency: { legend: string; levels: Record<Urgency, { name: string }> };
  result: Pick<CalculatorTexts['result'], 'range' | 'weeks'>;
};

/** The compact calculator's share of the texts. */
export function compactTexts(texts: CalculatorTexts): CompactCalculatorTexts {
  const names = <K extends string>(options: Record<K, { name: string }>) =>
    Object.fromEntries(
      Object.entries<{ name: string }>(options).map(([key, { name }]) => [key, { name }]),
    ) as Record<K, { name: string }>;
  return {
    locale: texts.locale,
    money: texts.money,
    formLabel: texts.formLabel,
    sizeClamped: texts.sizeClamped,
    steps: { type: texts.steps.type },
    types: texts.types,
    features: { items: texts.features.items },
    design: { legend: texts.design.legend, levels: names(texts.design.levels) },
    urgency: { legend: texts.urgency.legend, levels: names(texts.urgency.levels) },
    result: { range: texts.result.range, weeks: texts.result.weeks },
  };
}

export function formatAmount(texts: { money: MoneyFormat }, amount: number): string {
  return formatMoney(texts.money, amount);
}

export function formatRange(
  texts: { money: MoneyFormat; result: { range: string } },
  low: number,
  high: number,
): string {
  return fillTemplate(texts.result.range, {
    low: formatAmount(texts, low),
    high: formatAmount(texts, high),
  });
}

export function formatWeeks(
  texts: { locale: string; result: { weeks: PluralForms } },
  weeks: number,
): string {
  return formatPlural(texts.locale, texts.result.weeks, weeks);
}

export function formatSize(texts: CalculatorTexts, selection: Selection): string {
  const unit = pricingConfig.projectTypes[selection.type].size.unit;
  return formatPlural(texts.locale, texts.sizeCount[unit], selection.size);
}

export function lineLabel(texts: CalculatorTexts, line: EstimateLine): string {
  if (line.id.startsWith('feature:')) {
    return texts.features.items[line.id.slice('feature:'.length) as FeatureId].name;
  }
  return texts.result.lines[line.id as 'build' | 'urgency' | 'support'];
}

/** The choices of a selection in words, the options that apply only: for the summary and the printout. */
export function describeSelection(texts: CalculatorTexts, selection: Selection): string[] {
  const type = pricingConfig.projectTypes[selection.type];
  const parts = [texts.types[selection.type].name, formatSize(texts, selection)];
  if ('platforms' in type && type.platforms && selection.platform) {
    parts.push(texts.platform.options[selection.platform]);
  }
  if (type.design) parts.push(texts.design.levels[selection.design].summary);
  for (const feature of selection.features) parts.push(texts.features.items[feature].name);
  if (type.urgency && selection.urgency !== 'standard') {
    parts.push(texts.urgency.levels[selection.urgency].summary);
  }
  if (type.support && selection.support > 0) {
    parts.push(formatPlural(texts.locale, texts.support.count, selection.support));
  }
  return parts;
}

/** One line: what was chosen, the range and the timeline. */
export function summarize(
  texts: CalculatorTexts,
  selection: Selection,
  priced: PricedEstimate,
): string {
  return [
    ...describeSelection(texts, selection),
    formatRange(texts, priced.low, priced.high),
    formatWeeks(texts, priced.weeks),
  ].join(' · ');
}
