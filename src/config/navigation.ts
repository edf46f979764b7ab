import { assertSafeConfigLinks } from './check-links';
import { serviceSlugs, type ServiceSlug } from './services';

/**
 * Hrefs are written without the language prefix; `Link` from i18n/navigation adds
 * it. A link to a section of a page names the page and the section separately, so
 * the prefixed address is `/ru#pricing`, never `/ru/#pricing`.
 */
export type PagePath = `/${string}`;
export type NavHref = PagePath | { pathname: PagePath; hash: string };

/** A stable string for a NavHref: React keys, comparisons, tests. */
export function hrefKey(href: NavHref): string {
  return typeof href === 'string' ? href : `${href.pathname}#${href.hash}`;
}

export const navConfig = {
  /** Where every "contact us" button leads: the consultation form on the home page. */
  consultation: { pathname: '/', hash: 'consultation' },
  services: serviceSlugs.map((slug) => ({ slug, href: `/services/${slug}` as PagePath })),
  /** After "Services", in the order of the specification's menu labels. */
  main: [
    { key: 'pricing', href: { pathname: '/', hash: 'pricing' } },
    { key: 'portfolio', href: '/cases' },
    { key: 'blog', href: '/blog' },
    { key: 'contacts', href: '/contacts' },
  ],
  footerServices: [
    { key: 'mobileApps', href: '/services/mobile' },
    { key: 'websites', href: '/services/web' },
    { key: 'crm', href: '/services/crm' },
    { key: 'allServices', href: '/services' },
  ],
  footerNavigation: [
    { key: 'calculator', href: '/calculator' },
    { key: 'portfolio', href: '/cases' },
    { key: 'blog', href: '/blog' },
    { key: 'about', href: '/about' },
    { key: 'contacts', href: '/contacts' },
  ],
  legal: [
    { key: 'privacy', href: '/privacy' },
    { key: 'terms', href: '/terms' },
    { key: 'consent', href: '/consent' },
  ],
} as const satisfies {
  consultation: NavHref;
  services: readonly { slug: ServiceSlug; href: PagePath }[];
  main: readonly { key: string; href: NavHref }[];
  footerServices: readonly { key: string; href: NavHref }[];
  footerNavigation: readonly { key: string; href: NavHref }[];
  legal: readonly { key: string; href: NavHref }[];
};

// Menus lead to pages of the site only.
assertSafeConfigLinks('navConfig', navConfig, {});
