import 'server-only';
import type { Messages } from 'use-intl/core';
import type { Currency } from '@/config/pricing';
import { currentPage, getMessages } from '@/i18n/server';
import type { Locale } from '@/i18n/locales';
import type { CalculatorDetails, CalculatorTexts } from '@/lib/calculator/describe';
import { calculatorDetails, calculatorTexts } from './texts';

// Kept apart from texts.ts, which the worker also runs, outside any page.

/**
 * One value per language and currency, made once per process: these texts
 * depend on nothing else. By default the page's language and the currency it
 * shows prices in.
 */
function perLocale<T>(make: (locale: Locale, messages: Messages, currency: Currency) => T) {
  const made = new Map<string, Promise<T>>();
  return (
    locale: Locale = currentPage().locale,
    currency: Currency = currentPage().currency,
  ): Promise<T> => {
    const key = `${locale}:${currency}`;
    let value = made.get(key);
    if (!value) {
      value = getMessages(locale).then((messages) => make(locale, messages as Messages, currency));
      made.set(key, value);
    }
    return value;
  };
}

/** For a page being rendered: the calculator's texts in its language and currency. */
export const getCalculatorTexts = perLocale<CalculatorTexts>(calculatorTexts);

/** For the calculator page: what its option cards say, in its language and currency. */
export const getCalculatorDetails = perLocale<CalculatorDetails>(calculatorDetails);
