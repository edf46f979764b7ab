'use client';

import NextLink from 'next/link';
import { usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import type { ComponentProps, MouseEvent } from 'react';
import {
  fullPageLoad,
  isOutdated,
  navigate,
  notePendingNavigation,
} from '@/lib/navigation/navigate';
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
export function Link({ href, locale, onClick, prefetch, ...props }: LinkProps) {
  const current = useLocale();
  const target = localizePath(href, locale ?? current);
  // The page being shown is never prefetched: it is here already (the logo on
  // the home page, a menu entry for the current page, a link to a section).
  const here = target.split(/[?#]/)[0] === useNextPathname();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    const plain =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (event.defaultPrevented || !plain || props.target === '_blank') return;
    notePendingNavigation(target);
    // A newer build is live: load the page in full rather than mix two builds.
    if (isOutdated() && fullPageLoad(target, { replace: props.replace })) event.preventDefault();
  }
  return (
    <NextLink href={target} onClick={handleClick} prefetch={here ? false : prefetch} {...props} />
  );
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
    push: (href: NavHref, options: NavigateOptions = {}) => navigate(target(href, options), router),
    replace: (href: NavHref, options: NavigateOptions = {}) =>
      navigate(target(href, options), router, { replace: true }),
  };
}
