import 'server-only';
import type { Messages } from 'use-intl/core';
// use-intl's core with the language given, not the page's scope (src/i18n/server.ts):
// the worker runs this outside any page.
import { createFormatter, createTranslator } from 'use-intl/core';
import {
  designLevels,
  featureIds,
  platforms,
  pricingConfig,
  projectTypeIds,
  urgencyLevels,
  type Currency,
  type SizeUnit,
} from '@/config/pricing';
import { siteConfig } from '@/config/site';
import { formatLocale, localeInfo, type Locale } from '@/i18n/locales';
import type { CalculatorDetails, CalculatorTexts } from '@/lib/calculator/describe';
import { fromPrice, toCurrency } from '@/lib/calculator/estimate';
import { minimalSelection } from '@/lib/calculator/selection';
import { formatMoney, moneyFormat, moneyOptions } from '@/lib/format/money';
import { pluralForms } from '@/lib/format/plural';
import { caseArguments, longDate } from '@/lib/format/kazakh';

const sizeUnits = [
  'pages',
  'screens',
  'users',
  'months',
  'days',
  'environments',
] as const satisfies readonly SizeUnit[];

const record = <K extends string, V>(keys: readonly K[], value: (key: K) => V) =>
  Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, V>;

function tools(locale: Locale, messages: Messages, currency: Currency) {
  const t = createTranslator({ locale: formatLocale(locale), messages, namespace: 'Calculator' });
  const format = createFormatter({ locale: formatLocale(locale), timeZone: siteConfig.timeZone });
  const money = moneyFormat((amount) => format.number(amount, moneyOptions(currency)));
  return { t, format, money, price: (amount: number) => formatMoney(money, amount) };
}

/**
 * The calculator's texts in one language, with prices written in the
 * language's currency (or another, for a team notification about a visitor
 * who saw a different one).
 */
export function calculatorTexts(
  locale: Locale,
  messages: Messages,
  currency: Currency = localeInfo[locale].market.currency,
): CalculatorTexts {
  const { t, format, money, price } = tools(locale, messages, currency);

  return {
    locale,
    money,
    formLabel: t('formLabel'),
    steps: {
      type: t('steps.type'),
      scope: t('steps.scope'),
      features: t('steps.features'),
      timing: t('steps.timing'),
    },
    types: record(projectTypeIds, (id) => {
      const { size } = pricingConfig.projectTypes[id];
      return {
        name: t(`types.${id}.name`),
        sizeLabel: t(`size.label.${size.unit}`),
        sizeRange: t('size.range', { min: size.min, max: size.max }),
      };
    }),
    sizeCount: record(sizeUnits, (unit) =>
      pluralForms(locale, (count) => t(`size.count.${unit}`, { count })),
    ),
    sizeClamped: t.raw('size.clamped') as string,
    design: {
      legend: t('design.legend'),
      levels: record(designLevels, (level) => ({
        name: t(`design.${level}.name`),
        summary: t(`design.${level}.summary`),
      })),
    },
    platform: {
      legend: t('platform.legend'),
      options: record(platforms, (id) => t(`platform.${id}`)),
    },
    features: {
      none: t('features.none'),
      items: record(featureIds, (id) => ({ name: t(`features.${id}.name`) })),
    },
    urgency: {
      legend: t('urgency.legend'),
      levels: record(urgencyLevels, (level) => ({
        name: t(`urgency.${level}.name`),
        summary: t(`urgency.${level}.summary`),
      })),
    },
    support: {
      label: t('support.label'),
      hint: t('support.hint', {
        price: price(toCurrency(pricingConfig.support.perMonth, currency)),
      }),
      count: pluralForms(locale, (count) => t('support.count', { count })),
    },
    result: {
      title: t('result.title'),
      cost: t('result.cost'),
      range: t.raw('result.range') as string,
      duration: t('result.duration'),
      weeks: pluralForms(locale, (count) => t('result.weeks', { count })),
      perMonth: t.raw('result.perMonth') as string,
      breakdown: t('result.breakdown'),
      lines: {
        build: t('result.lines.build'),
        urgency: t('result.lines.urgency'),
        support: t('result.lines.support'),
      },
      disclaimer: t('result.disclaimer'),
      // "1 ноября 2026 г." and "1 листопада 2026 р." end with a period of their
      // own: a sentence that ends with the date does not get a second one.
      ratesDate: t('result.ratesDate', {
        // Kazakh puts the date before «жағдай бойынша» in its attributive form.
        date: longDate(locale, new Date(`${pricingConfig.ratesSetOn}T12:00:00Z`), {
          form: 'attributive',
          timeZone: siteConfig.timeZone,
        }),
        // Prices are set in dollars: in any other currency, the rate they were converted at.
        converted: currency === pricingConfig.baseCurrency ? 'no' : 'yes',
        rate: `${format.number(1, moneyOptions(pricingConfig.baseCurrency))} = ${format.number(
          pricingConfig.currencies[currency].rate,
          { ...moneyOptions(currency), minimumFractionDigits: 0, maximumFractionDigits: 2 },
        )}`,
      }).replace(/\.\.$/, '.'),
      choices: t('result.choices'),
    },
    actions: {
      update: t('actions.update'),
      copy: t('actions.copy'),
      copied: t('actions.copied'),
      copyFailed: t('actions.copyFailed'),
      print: t('actions.print'),
      download: t('actions.download'),
      send: t('actions.send'),
      share: t('actions.share'),
    },
  };
}

/**
 * What the full calculator's option cards say beside each option's name, in
 * one language: "from" prices and feature prices computed by the engine in
 * the language's currency, and the descriptions.
 */
export function calculatorDetails(
  locale: Locale,
  messages: Messages,
  currency: Currency = localeInfo[locale].market.currency,
): CalculatorDetails {
  const { t, price } = tools(locale, messages, currency);
  return {
    types: record(projectTypeIds, (id) => {
      const from = price(fromPrice(minimalSelection(id), currency));
      return {
        from:
          pricingConfig.projectTypes[id].period === 'month'
            ? t('typeFromPerMonth', caseArguments('price', from))
            : t('typeFrom', caseArguments('price', from)),
        description: t(`types.${id}.description`),
      };
    }),
    features: record(featureIds, (id) => {
      const feature = pricingConfig.features[id];
      return {
        price:
          'fixed' in feature.price
            ? `+${price(toCurrency(feature.price.fixed, currency))}`
            : t('featurePercent', { percent: feature.price.percent }),
        description: t(`features.${id}.description`),
      };
    }),
    design: record(designLevels, (level) => t(`design.${level}.description`)),
    urgency: record(urgencyLevels, (level) => t(`urgency.${level}.description`)),
  };
}
