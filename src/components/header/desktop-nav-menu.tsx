'use client';

import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import { useEffect, useRef } from 'react';
import { hrefKey } from '@/config/navigation';
import { Link, usePathname } from '@/i18n/navigation';
import { cn } from '@/lib/cn';
import { ChevronDownIcon } from './icons';
import { isCurrentPath, topItemClass, type DesktopNavProps } from './nav-data';

type DesktopNavMenuProps = DesktopNavProps & { openOnMount: boolean; focusTrigger: boolean };

/** The header menu with its services submenu (Radix). Loaded on first use by DesktopNav. */
export function DesktopNavMenu({
  label,
  servicesLabel,
  services,
  links,
  className,
  openOnMount,
  focusTrigger,
}: DesktopNavMenuProps) {
  const pathname = usePathname();
  const inServices = services.some((s) => isCurrentPath(pathname, s.href));
  const trigger = useRef<HTMLButtonElement>(null);

  // This replaced a button that may have had keyboard focus: keep it on the same spot.
  useEffect(() => {
    if (focusTrigger) trigger.current?.focus();
  }, [focusTrigger]);

  return (
    <NavigationMenu.Root
      aria-label={label}
      defaultValue={openOnMount ? 'services' : undefined}
      className={cn('relative', className)}
    >
      <NavigationMenu.List className="flex items-center gap-1">
        <NavigationMenu.Item value="services">
          <NavigationMenu.Trigger ref={trigger} className={cn(topItemClass(inServices), 'group')}>
            {servicesLabel}
            <ChevronDownIcon className="size-4 transition-transform group-data-[state=open]:rotate-180" />
          </NavigationMenu.Trigger>
          <NavigationMenu.Content className="absolute top-full left-0 mt-2 max-h-[calc(100dvh-var(--header-height)-1.5rem)] w-[min(46rem,calc(100vw-2rem))] overflow-y-auto overscroll-contain rounded-2xl border border-line bg-white p-3 shadow-card data-[motion^=from-]:animate-fade-in data-[motion^=to-]:animate-fade-out xl:w-[min(56rem,calc(100vw-18rem))]">
            <ul className="grid grid-cols-2 gap-1 xl:grid-cols-3">
              {services.map((service) => {
                const current = isCurrentPath(pathname, service.href);
                return (
                  <li key={hrefKey(service.href)}>
                    <NavigationMenu.Link asChild active={current}>
                      <Link
                        href={service.href}
                        className={cn(
                          'block rounded-xl px-3 py-2.5 transition-colors hover:bg-surface',
                          current && 'bg-brand-50',
                        )}
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
              <Link href={link.href} className={topItemClass(isCurrentPath(pathname, link.href))}>
                {link.label}
              </Link>
            </NavigationMenu.Link>
          </NavigationMenu.Item>
        ))}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
