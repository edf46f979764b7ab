import type { NavHref } from '@/config/navigation';

/** What the server hands the header islands: hrefs from config, labels translated. */
export type NavLinkItem = { href: NavHref; label: string };
export type ServiceLinkItem = NavLinkItem & { summary: string };

export type HeaderNavData = {
  servicesLabel: string;
  services: ServiceLinkItem[];
  links: NavLinkItem[];
};

/** Whether a nav href is the page being shown (links to a section never are). */
export function isCurrentPath(pathname: string, href: NavHref): boolean {
  return typeof href === 'string' && pathname === href;
}
