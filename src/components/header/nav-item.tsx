import type { ReactNode } from 'react';
import { hrefKey, type NavHref } from '@/config/navigation';
import { Link } from '@/i18n/navigation';
import { isCurrentPath, type NavLinkItem } from './nav-data';

type NavItemProps = {
  href: NavHref;
  /** The path being shown (without its language): its entry says so (`aria-current`). */
  pathname: string;
  className: string;
  children: ReactNode;
};

/** One entry of a menu: a list item with its link, marked when it is the page being shown. */
export function NavItem({ href, pathname, className, children }: NavItemProps) {
  return (
    <li>
      <Link
        href={href}
        aria-current={isCurrentPath(pathname, href) ? 'page' : undefined}
        className={className}
      >
        {children}
      </Link>
    </li>
  );
}

type NavItemsProps<T extends NavLinkItem> = Omit<NavItemProps, 'href' | 'children'> & {
  items: T[];
  /** What an entry shows: its label unless given. */
  children?: (item: T) => ReactNode;
};

/** A menu's entries, one NavItem each, all alike but for what they show. */
export function NavItems<T extends NavLinkItem>({
  items,
  children = (item) => item.label,
  ...look
}: NavItemsProps<T>) {
  return items.map((item) => (
    <NavItem key={hrefKey(item.href)} href={item.href} {...look}>
      {children(item)}
    </NavItem>
  ));
}
