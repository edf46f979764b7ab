'use client';

import NextLink from 'next/link';
import { usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import type { ComponentProps } from 'react';
import type { NavHref, PagePath } from '@/config/navigation';
import { useLocale } from './locale-context';
import type { Locale } from './locales';
import { localizePath, splitLocale } from './paths';

type LinkProps = Omit<ComponentProps<typeof NextLink>, 'href'> & {
  href: NavHref;
  /** Another language than the page's, for the language switcher. */
  locale?: Locale;
};

/**
 * The site's only link component (HOUSE-STYLE.md habit 2): hrefs are written
 * without a language and get the prefix of the page's language, or of `locale`.
 */
export function Link({ href, locale, ...props }: LinkProps) {
  const current = useLocale();
  return <NextLink href={localizePath(href, locale ?? current)} {...props} />;
}

/** The current path without its language prefix: `/blog` on `/kz/blog`. */
export function usePathname(): PagePath {
  return splitLocale(useNextPathname()).path;
}

type NavigateOptions = { locale?: Locale; search?: string; hash?: string };

/** Client-side navigation to a site path, in the page's language or another one. */
export function useRouter() {
  const router = useNextRouter();
  const current = useLocale();
  const target = (href: NavHref, { locale, search = '', hash = '' }: NavigateOptions) =>
    `${localizePath(href, locale ?? current)}${search}${hash}`;
  return {
    push: (href: NavHref, options: NavigateOptions = {}) => router.push(target(href, options)),
    replace: (href: NavHref, options: NavigateOptions = {}) =>
      router.replace(target(href, options)),
  };
}
