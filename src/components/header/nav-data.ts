import type { NavHref } from '@/config/navigation';
import { cn } from '@/lib/cn';

/** What the server hands the header islands: hrefs from config, labels translated. */
export type NavLinkItem = { href: NavHref; label: string };
export type ServiceLinkItem = NavLinkItem & { summary: string };

export type HeaderNavData = {
  servicesLabel: string;
  /** The desktop menu shows each service's summary; the drawer only its name. */
  services: ServiceLinkItem[];
  links: NavLinkItem[];
};

export type DesktopNavProps = HeaderNavData & { label: string; className?: string };

/** Whether a nav href is the page being shown (links to a section never are). */
export function isCurrentPath(pathname: string, href: NavHref): boolean {
  return typeof href === 'string' && pathname === href;
}

/** A top-level entry of the desktop menu, highlighted when it is where the visitor is. */
export function topItemClass(current: boolean): string {
  return cn(
    'inline-flex h-10 items-center gap-1 rounded-full px-3 text-sm font-medium xl:px-4 xl:text-[0.95rem] transition-colors hover:bg-surface [&:has(+:popover-open)]:bg-surface',
    current ? 'text-brand-700' : 'text-ink',
  );
}
