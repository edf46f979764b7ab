import 'server-only';
import { createHash } from 'node:crypto';
import { createTranslator, type Messages } from 'use-intl/core';
import { currencies, pricingConfig, type Currency, type Selection } from '@/config/pricing';
import { siteConfig } from '@/config/site';
import { pagesSiteUrl } from '@/env';
import {
  formatLocale,
  isLangCode,
  localeFromCode,
  localeInfo,
  type LangCode,
  type Locale,
} from '@/i18n/locales';
import { loadMessages, translatorFor } from '@/i18n/messages';
import {
  describeSelection,
  formatAmount,
  formatRange,
  formatWeeks,
  lineLabel,
  type CalculatorTexts,
} from '@/lib/calculator/describe';
import { estimate, inCurrency, perMonth, type PricedEstimate } from '@/lib/calculator/estimate';
import { selectionToQuery } from '@/lib/calculator/selection';
import { checkSelectionQuery, type SelectionField } from '@/lib/calculator/selection-schema';
import { longDate } from '@/lib/format/kazakh';
import { fillTemplate, formatPlural } from '@/lib/format/plural';
import { calculatorDetails, calculatorTexts } from '@/server/calculator/texts';

/**
 * Everything the estimate's PDF says, in words, made by the calculator's own
 * engine and texts, so the document and the page show the same figures.
 */
export type Proposal = {
  lang: LangCode;
  locale: Locale;
  reference: string;
  title: string;
  brand: string;
  meta: { reference: string; issued: string; validUntil: string };
  range: { label: string; value: string; perMonth?: string };
  weeks: { label: string; value: string };
  choices: { title: string; items: string[] };
  breakdown: { title: string; lines: { label: string; amount: string }[] };
  included: { title: string; items: { name: string; text: string }[] };
  disclaimer: string;
  next: { title: string; text: string };
  reopen: { label: string; url: string };
  contacts: { title: string; items: { label: string; value: string; url?: string }[] };
  preparedBy: string;
  /** The figures as numbers, for the lead that attaches this estimate. */
  priced: PricedEstimate;
};

export type ProposalRequest = { lang: LangCode; selection: Selection; currency: Currency };

/** How long an estimate's prices hold, from the day it is made. */
export const proposalValidDays = 30;

/**
 * A short reference for an estimate: the same selection, language, currency
 * and prices give the same one, so a shared PDF and the lead that sends it
 * name the same document (E-7K3M9Q).
 */
export function proposalReference({ lang, selection, currency }: ProposalRequest): string {
  const digest = createHash('sha256')
    .update(`${lang}|${selectionToQuery(selection)}|${currency}|${pricingConfig.ratesSetOn}`)
    .digest();
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  let code = '';
  for (let i = 0; i < 6; i += 1) code += alphabet[digest[i]! % alphabet.length];
  return `E-${code}`;
}

export type ProposalQuery =
  | { ok: true; request: ProposalRequest }
  | { ok: false; lang: LangCode; fields: (SelectionField | 'lang')[] };

/**
 * Reads a PDF address: the language, the calculator's selection (strictly:
 * an impossible one is refused with the fields that are wrong) and the
 * currency (an unknown one is the language's own).
 */
export function readProposalQuery(params: URLSearchParams): ProposalQuery {
  const rawLang = params.get('lang');
  const lang: LangCode = isLangCode(rawLang) ? rawLang : localeInfo.ru.code;
  const checked = checkSelectionQuery(params);
  const fields: (SelectionField | 'lang')[] = [
    ...(isLangCode(rawLang) ? [] : (['lang'] as const)),
    ...(checked.ok ? [] : checked.fields),
  ];
  if (!checked.ok || fields.length) return { ok: false, lang, fields };
  const rawCurrency = params.get('currency')?.toUpperCase();
  const currency = (currencies as readonly string[]).includes(rawCurrency ?? '')
    ? (rawCurrency as Currency)
    : localeInfo[localeFromCode(lang)].market.currency;
  return { ok: true, request: { lang, selection: checked.selection, currency } };
}

/** The sentence a refused PDF address answers with, in its language. */
export async function proposalRefusal(
  lang: LangCode,
  fields: (SelectionField | 'lang')[],
): Promise<string> {
  const locale = localeFromCode(lang);
  const t = await translatorFor(locale, 'Proposal');
  const names = new Intl.ListFormat(formatLocale(locale), { type: 'conjunction' }).format(
    fields.map((field) => t(`fields.${field}`)),
  );
  return t('invalid', { fields: names, link: `${pagesSiteUrl}/${lang}/calculator` });
}

const dayMs = 24 * 60 * 60 * 1000;

/** The estimate of a selection, in words, on a given day. */
export async function makeProposal(request: ProposalRequest, now = new Date()): Promise<Proposal> {
  const { lang, selection, currency } = request;
  const locale = localeFromCode(lang);
  const messages = (await loadMessages(locale)) as Messages;
  const texts: CalculatorTexts = calculatorTexts(locale, messages, currency);
  const details = calculatorDetails(locale, messages, currency);
  const t = createTranslator({ locale: formatLocale(locale), messages, namespace: 'Proposal' });
  const date = (when: Date) => longDate(locale, when, { timeZone: siteConfig.timeZone });

  const priced = inCurrency(estimate(selection), currency);
  const monthly =
    priced.period === 'month' && selection.size > 1
      ? inCurrency(perMonth(estimate(selection), selection.size), currency)
      : null;
  const reference = proposalReference(request);
  const type = pricingConfig.projectTypes[selection.type];

  const included = [
    { name: texts.types[selection.type].name, text: details.types[selection.type].description },
    ...(type.design
      ? [
          {
            name: texts.design.levels[selection.design].name,
            text: details.design[selection.design],
          },
        ]
      : []),
    ...selection.features.map((id) => ({
      name: texts.features.items[id].name,
      text: details.features[id].description,
    })),
    ...(type.urgency && selection.urgency !== 'standard'
      ? [
          {
            name: texts.urgency.levels[selection.urgency].name,
            text: details.urgency[selection.urgency],
          },
        ]
      : []),
    ...(type.support && selection.support > 0
      ? [
          {
            name: formatPlural(texts.locale, texts.support.count, selection.support),
            text: texts.support.hint,
          },
        ]
      : []),
  ];

  const { phone, email, telegram, address } = siteConfig.contacts;
  return {
    lang,
    locale,
    reference,
    title: t('title'),
    brand: siteConfig.name,
    meta: {
      reference: t('reference', { reference }),
      issued: t('issued', { date: date(now) }),
      validUntil: t('validUntil', {
        date: date(new Date(now.getTime() + proposalValidDays * dayMs)),
      }),
    },
    range: {
      label: texts.result.cost,
      value: formatRange(texts, priced.low, priced.high),
      ...(monthly
        ? {
            perMonth: fillTemplate(texts.result.perMonth, {
              low: formatAmount(texts, monthly.low),
              high: formatAmount(texts, monthly.high),
            }),
          }
        : {}),
    },
    weeks: { label: texts.result.duration, value: formatWeeks(texts, priced.weeks) },
    choices: { title: texts.result.choices, items: describeSelection(texts, selection) },
    breakdown: {
      title: texts.result.breakdown,
      lines: priced.lines.map((line) => ({
        label: lineLabel(texts, line),
        amount: formatAmount(texts, line.amount),
      })),
    },
    included: { title: t('included'), items: included },
    disclaimer: `${texts.result.disclaimer} ${texts.result.ratesDate}`,
    next: {
      title: t('nextTitle'),
      text: t('next', { hours: siteConfig.claims.callbackHours }),
    },
    reopen: {
      label: t('reopen'),
      url: `${pagesSiteUrl}/${lang}/calculator?${selectionToQuery(selection)}`,
    },
    contacts: {
      title: t('contactsTitle'),
      items: [
        { label: t('phone'), value: phone.display, url: `tel:${phone.e164}` },
        { label: t('email'), value: email, url: `mailto:${email}` },
        { label: t('telegram'), value: `@${telegram.username}`, url: telegram.url },
        { label: t('website'), value: new URL(pagesSiteUrl).host, url: `${pagesSiteUrl}/${lang}` },
        { label: t('address'), value: address[lang] },
      ],
    },
    preparedBy: t('preparedBy', {
      company: siteConfig.legal.name[lang],
      bin: siteConfig.legal.registrationNumber,
    }),
    priced,
  };
}
