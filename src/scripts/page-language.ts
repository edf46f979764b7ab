import {
  codeOf,
  isLocale,
  readLocaleCookie,
  writeLocaleCookie,
  type LangCode,
} from '@/i18n/locales';

/** The language of the page shown, from `<html lang>`. */
export function pageLangCode(): LangCode | null {
  const { lang } = document.documentElement;
  return isLocale(lang) ? codeOf(lang) : null;
}

/**
 * The language cookie holds the language the visitor last viewed. The server
 * writes it when `/` picks a language, but a page of another language (a
 * shared link, say) is a file served as it is: its script writes it. Again
 * when Back brings a page of another language from the back-forward cache.
 */
export function rememberPageLanguage(): void {
  const write = () => {
    const code = pageLangCode();
    if (code && readLocaleCookie() !== code) writeLocaleCookie(code);
  };
  write();
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) write();
  });
}
