import type { NavHref, PagePath } from '@/config/navigation';
import { isLangCode, localeFromCode, localeInfo, type Locale } from './locales';

/** `/blog` in Kazakh is `/kz/blog`; `/` is `/kz`; a section keeps its hash: `/kz#pricing`. */
export function localizePath(href: NavHref, locale: Locale): string {
  const { code } = localeInfo[locale];
  const [pathname, tail] =
    typeof href === 'string'
      ? [href.replace(/[?#].*$/, ''), href.slice(href.replace(/[?#].*$/, '').length)]
      : [href.pathname, `#${href.hash}`];
  return `/${code}${pathname === '/' ? '' : pathname}${tail}`;
}

/** Splits `/kz/blog/x` into the locale and `/blog/x`; an address without a language keeps its path. */
export function splitLocale(pathname: string): { locale?: Locale; path: PagePath } {
  const [, first, ...rest] = pathname.split('/');
  if (!isLangCode(first)) return { path: (pathname || '/') as PagePath };
  return {
    locale: localeFromCode(first),
    path: (`/${rest.join('/')}`.replace(/\/$/, '') || '/') as PagePath,
  };
}
