'use client';

import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import { Link, usePathname } from '@/i18n/navigation';
import { cn } from '@/lib/cn';
import { hrefKey } from '@/config/navigation';
import { isCurrentPath, type HeaderNavData } from './nav-data';
import { ChevronDownIcon } from './icons';

type DesktopNavProps = HeaderNavData & { label: string; className?: string };

const topItem =
  'inline-flex h-10 items-center gap-1 rounded-full px-4 text-[0.95rem] font-medium text-ink transition-colors hover:bg-surface data-[active]:text-brand-700 data-[state=open]:bg-surface';

/** The full header menu, shown from 960 px up. */
export function DesktopNav({ label, servicesLabel, services, links, className }: DesktopNavProps) {
  const pathname = usePathname();
  const inServices = services.some((s) => isCurrentPath(pathname, s.href));

  return (
    <NavigationMenu.Root aria-label={label} className={cn('relative', className)}>
      <NavigationMenu.List className="flex items-center gap-1">
        <NavigationMenu.Item>
          <NavigationMenu.Trigger className={cn(topItem, 'group', inServices && 'text-brand-700')}>
            {servicesLabel}
            <ChevronDownIcon className="size-4 transition-transform group-data-[state=open]:rotate-180" />
          </NavigationMenu.Trigger>
          <NavigationMenu.Content className="absolute top-full left-0 mt-2 max-h-[calc(100dvh-var(--header-height)-1.5rem)] w-[min(46rem,calc(100vw-2rem))] overflow-y-auto overscroll-contain rounded-2xl border border-line bg-white p-3 shadow-card data-[motion^=from-]:animate-fade-in data-[motion^=to-]:animate-fade-out xl:w-[min(64rem,calc(100vw-4rem))]">
            <ul className="grid grid-cols-2 gap-1 xl:grid-cols-3">
              {services.map((service) => {
                const current = isCurrentPath(pathname, service.href);
                return (
                  <li key={hrefKey(service.href)}>
                    <NavigationMenu.Link asChild active={current}>
                      <Link
                        href={service.href}
                        className="block rounded-xl px-3 py-2.5 transition-colors hover:bg-surface data-[active]:bg-brand-50"
                      >
                        <span className="block text-sm font-semibold text-ink">
                          {service.label}
                        </span>
                        <span className="mt-0.5 line-clamp-2 block text-[0.8125rem] leading-snug text-muted">
                          {service.summary}
                        </span>
                      </Link>
                    </NavigationMenu.Link>
                  </li>
                );
              })}
            </ul>
          </NavigationMenu.Content>
        </NavigationMenu.Item>
        {links.map((link) => (
          <NavigationMenu.Item key={hrefKey(link.href)}>
            <NavigationMenu.Link asChild active={isCurrentPath(pathname, link.href)}>
              <Link href={link.href} className={topItem}>
                {link.label}
              </Link>
            </NavigationMenu.Link>
          </NavigationMenu.Item>
        ))}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
