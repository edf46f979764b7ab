import 'server-only';
import { cache } from 'react';
import { getLocale, getMessages } from '@/i18n/server';
import type { CalculatorTexts } from '@/lib/calculator/describe';
import { calculatorTexts } from './texts';

// Kept apart from texts.ts: next-intl/server needs the Next.js request, the worker has none.
/** For server components: the texts of the page's language, built once per render. */
export const getCalculatorTexts = cache(async (): Promise<CalculatorTexts> => {
  const locale = await getLocale();
  return calculatorTexts(locale, await getMessages());
});
