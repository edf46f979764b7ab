import {
  createTranslator,
  type AbstractIntlMessages,
  type Messages,
  type NamespaceKeys,
  type NestedKeyOf,
} from 'use-intl/core';
import { formatLocale, localeFallbacks, localeInfo, type LangCode, type Locale } from './locales';

export type MessageLoader = (code: LangCode) => Promise<AbstractIntlMessages>;

const importMessages: MessageLoader = async (code) =>
  ((await import(`../../messages/${code}.json`)) as { default: AbstractIntlMessages }).default;

function isPlainObject(value: unknown): value is AbstractIntlMessages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `over` wins; nested namespaces merge key by key. */
export function mergeMessages(
  base: AbstractIntlMessages,
  over: AbstractIntlMessages,
): AbstractIntlMessages {
  const result: AbstractIntlMessages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = result[key];
    result[key] =
      isPlainObject(current) && isPlainObject(value) ? mergeMessages(current, value) : value;
  }
  return result;
}

/**
 * The messages of a locale layered over its fallbacks, so a key missing in
 * Kazakh shows the Russian text, then the English, and never the raw key. A file
 * that fails to load is reported (`Failed locale loading`) and the rest still serve.
 */
export async function loadMessages(
  locale: Locale,
  load: MessageLoader = importMessages,
): Promise<AbstractIntlMessages> {
  const chain: Locale[] = [...localeFallbacks[locale]].reverse();
  chain.push(locale);
  let messages: AbstractIntlMessages = {};
  for (const layer of chain) {
    try {
      messages = mergeMessages(messages, await load(localeInfo[layer].code));
    } catch (error) {
      console.error('Failed locale loading', error);
    }
  }
  return messages;
}

const loaded = new Map<Locale, Promise<AbstractIntlMessages>>();

/**
 * A translator for one namespace in one language, for code that runs outside
 * a page (the worker, API routes, the PDF): the language's messages are loaded
 * once per process. Pages use `getTranslations` (./server.ts), which reads the
 * page's language from its scope.
 */
export async function translatorFor<
  Namespace extends NamespaceKeys<Messages, NestedKeyOf<Messages>>,
>(locale: Locale, namespace: Namespace) {
  let messages = loaded.get(locale);
  if (!messages) {
    messages = loadMessages(locale);
    loaded.set(locale, messages);
  }
  return createTranslator<Messages, Namespace>({
    locale: formatLocale(locale),
    messages: (await messages) as Messages,
    namespace,
  });
}
