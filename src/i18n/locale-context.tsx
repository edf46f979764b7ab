import { createContext, useContext, type ReactNode } from 'react';
import type { Locale } from './locales';

type PageValue = { locale: Locale; pathname: string };

const LocaleContext = createContext<PageValue | null>(null);

/**
 * The page a component is on, on the server: set by src/i18n/server.ts, which
 * the browser never loads. Components rendered to HTML only (the header, the
 * cards, the article) read it from there; an island reads it from the
 * `LocaleProvider` it wraps itself in, since it renders in the browser too.
 */
let serverPage: (() => PageValue | undefined) | undefined;

export function setServerPage(read: () => PageValue | undefined): void {
  serverPage = read;
}

/** The page's language and path (without the language) for an island's components. */
export function LocaleProvider({
  children,
  locale,
  pathname,
}: PageValue & { children: ReactNode }) {
  return <LocaleContext value={{ locale, pathname }}>{children}</LocaleContext>;
}

function usePage(): PageValue {
  const value = useContext(LocaleContext) ?? serverPage?.();
  if (!value) throw new Error('No page here: wrap the island in LocaleProvider');
  return value;
}

export const useLocale = (): Locale => usePage().locale;

/** The path being shown without its language prefix: `/blog` on `/kz/blog`. */
export const usePagePath = (): string => usePage().pathname;
