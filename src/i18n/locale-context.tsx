'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { Locale } from './locales';

/** Texts the error boundary shows; it renders in the browser and gets no props of ours. */
export type ErrorTexts = {
  status: string;
  internalServerError: string;
  pageNotFound: string;
  description: string;
  retry: string;
  home: string;
};

type LocaleContextValue = { locale: Locale; errorTexts: ErrorTexts };

const LocaleContext = createContext<LocaleContextValue | null>(null);

/**
 * The page's language for client components. Everything else is translated on
 * the server, so the browser needs no message catalogue and no ICU runtime.
 */
export function LocaleProvider({
  children,
  ...value
}: LocaleContextValue & { children: ReactNode }) {
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

function useLocaleContext(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('LocaleProvider is missing above this component');
  return value;
}

export const useLocale = (): Locale => useLocaleContext().locale;
export const useErrorTexts = (): ErrorTexts => useLocaleContext().errorTexts;
