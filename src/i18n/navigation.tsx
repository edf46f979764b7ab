import type { ComponentProps } from 'react';
import type { NavHref, PagePath } from '@/config/navigation';
import { navigate, type NavigateOptions } from '@/lib/navigation/navigate';
import { useLocale, usePagePath } from './locale-context';
import type { Locale } from './locales';
import { localizePath } from './paths';

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  href: NavHref;
  /** Another language than the page's, for the language switcher. */
  locale?: Locale;
};

/**
 * The site's only link component: hrefs are written without a language and
 * get the prefix of the page's language, or of `locale`. A plain link: each
 * page is a document of its own, fetched ahead when the visitor shows intent
 * (Astro's prefetch), except the page being shown, which is here already.
 */
export function Link({ href, locale, children, ...props }: LinkProps) {
  const current = useLocale();
  const shown = localizePath(usePagePath() as PagePath, current);
  const target = localizePath(href, locale ?? current);
  const here = target.split(/[?#]/)[0] === shown;
  return (
    <a href={target} data-astro-prefetch={here ? 'false' : undefined} {...props}>
      {children}
    </a>
  );
}

/** The current path without its language prefix: `/blog` on `/kz/blog`. */
export function usePathname(): PagePath {
  return usePagePath() as PagePath;
}

type GoOptions = { locale?: Locale; search?: string; hash?: string } & Pick<
  NavigateOptions,
  'replace'
>;

/** Navigation to a site path from script, in the page's language or another one. */
export function useRouter() {
  const current = useLocale();
  const target = (href: NavHref, { locale, search = '', hash = '' }: GoOptions) =>
    `${localizePath(href, locale ?? current)}${search}${hash}`;
  return {
    push: (href: NavHref, options: GoOptions = {}) => navigate(target(href, options)),
    replace: (href: NavHref, options: GoOptions = {}) =>
      navigate(target(href, options), { replace: true }),
  };
}
