import 'server-only';
import type { Messages } from 'use-intl/core';
import { currentPage, getMessages } from '@/i18n/server';
import type { Locale } from '@/i18n/locales';
import type { CalculatorDetails, CalculatorTexts } from '@/lib/calculator/describe';
import { calculatorDetails, calculatorTexts } from './texts';

// Kept apart from texts.ts, which the worker also runs, outside any page.

/** One value per language, made once per process: these texts depend on nothing else. */
function perLocale<T>(make: (locale: Locale, messages: Messages) => T) {
  const made = new Map<Locale, Promise<T>>();
  return (locale: Locale = currentPage().locale): Promise<T> => {
    let value = made.get(locale);
    if (!value) {
      value = getMessages(locale).then((messages) => make(locale, messages as Messages));
      made.set(locale, value);
    }
    return value;
  };
}

/** For a page being rendered: the calculator's texts in its language. */
export const getCalculatorTexts = perLocale<CalculatorTexts>(calculatorTexts);

/** For the calculator page: what its option cards say, in its language. */
export const getCalculatorDetails = perLocale<CalculatorDetails>(calculatorDetails);
