import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  createFormatter,
  createTranslator,
  type AbstractIntlMessages,
  type Messages,
  type NamespaceKeys,
  type NestedKeyOf,
} from 'use-intl/core';
import type { Currency } from '@/config/pricing';
import { siteConfig } from '@/config/site';
import { setServerPage } from './locale-context';
import { defaultLocale, formatLocale, type Locale } from './locales';
import { loadMessages } from './messages';

/**
 * The page being rendered: its language, its path without the language
 * (`/blog` on `/kz/blog`) and the currency its prices are shown in (the
 * language's own, or the one the visitor picked: src/lib/currency/choice.ts). The site's middleware opens this scope around each
 * page it renders (at build time for the prerendered ones, per request for the
 * rest), so every component below the page can translate without the language
 * being handed down through each of them, as next-intl's server API did.
 */
export type PageScope = { locale: Locale; pathname: string; currency: Currency };

const scope = new AsyncLocalStorage<PageScope>();

/** Runs `render` as the rendering of a page in `page.locale`. */
export function withPage<T>(page: PageScope, render: () => T): T {
  return scope.run(page, render);
}

/** The page being rendered, for code that runs inside `withPage` only. */
export function currentPage(): PageScope {
  const page = scope.getStore();
  if (!page) throw new Error('No page is being rendered here: wrap the rendering in withPage().');
  return page;
}

// Components shared with islands read the page from React context in the
// browser and from this scope on the server (src/i18n/locale-context.tsx).
setServerPage(() => scope.getStore());

const messageCache = new Map<Locale, Promise<AbstractIntlMessages>>();

/** A language's messages layered over its fallbacks, loaded once per process. */
export function getMessages(locale: Locale = currentPage().locale): Promise<AbstractIntlMessages> {
  let messages = messageCache.get(locale);
  if (!messages) {
    messages = loadMessages(locale);
    messageCache.set(locale, messages);
  }
  return messages;
}

/** The page's language (a promise, as the translators are). */
export function getLocale(): Promise<Locale> {
  return Promise.resolve(currentPage().locale);
}

type NamespaceOption<Namespace> = { locale?: Locale; namespace?: Namespace };

/**
 * A translator for a namespace of `messages/<lang>.json`, in the page's
 * language or the one given: `getTranslations('Nav')`,
 * `getTranslations({ locale, namespace: 'Nav' })`. The same call as
 * next-intl's server API, made with use-intl's core.
 */
export async function getTranslations<
  Namespace extends NamespaceKeys<Messages, NestedKeyOf<Messages>> = never,
>(options?: Namespace | NamespaceOption<Namespace>) {
  const { locale = currentPage().locale, namespace } =
    typeof options === 'object' ? options : { namespace: options };
  return createTranslator<Messages, Namespace>({
    locale: formatLocale(locale),
    messages: (await getMessages(locale)) as Messages,
    namespace,
    timeZone: siteConfig.timeZone,
  });
}

/** Dates, numbers and lists in the page's language (or the one given). */
export function getFormatter(options: { locale?: Locale } = {}) {
  return Promise.resolve(
    createFormatter({
      locale: formatLocale(options.locale ?? scope.getStore()?.locale ?? defaultLocale),
      timeZone: siteConfig.timeZone,
    }),
  );
}
