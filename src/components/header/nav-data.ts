import type { NavHref } from '@/config/navigation';

/** A menu entry the server hands the header: an href from config, its label translated. */
export type NavLinkItem = { href: NavHref; label: string };
/** A service in the menu; the header bar's menu shows its summary, the drawer only its name. */
export type ServiceLinkItem = NavLinkItem & { summary: string };

/** Whether a nav href is the page being shown (links to a section never are). */
export function isCurrentPath(pathname: string, href: NavHref): boolean {
  return typeof href === 'string' && pathname === href;
}
