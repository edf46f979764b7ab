'use client';

import { useRef, useState } from 'react';
import { useDeferredModule } from '@/components/ui/use-deferred-module';
import { hrefKey } from '@/config/navigation';
import { Link, usePathname } from '@/i18n/navigation';
import { cn } from '@/lib/cn';
import { ChevronDownIcon } from './icons';
import { isCurrentPath, topItemClass, type DesktopNavProps } from './nav-data';

const loadMenu = () => import('./desktop-nav-menu');

/**
 * The full header menu, from 960 px up. Its links work from the first byte; the
 * services submenu (Radix NavigationMenu) is fetched when the visitor points at
 * or focuses "Services" and takes over from this markup, which looks the same.
 */
export function DesktopNav(props: DesktopNavProps) {
  const { label, servicesLabel, services, links, className } = props;
  const pathname = usePathname();
  const inServices = services.some((s) => isCurrentPath(pathname, s.href));
  const { loaded, preload, ensure } = useDeferredModule(loadMenu);
  const [open, setOpen] = useState({ onMount: false, focus: false });
  const hovered = useRef(false);

  if (loaded)
    return (
      <loaded.DesktopNavMenu {...props} openOnMount={open.onMount} focusTrigger={open.focus} />
    );

  const activate = (focus: boolean) => {
    setOpen({ onMount: true, focus });
    void ensure();
  };

  return (
    <nav aria-label={label} className={cn('relative', className)}>
      <ul className="flex items-center gap-1">
        <li>
          <button
            type="button"
            aria-expanded="false"
            className={cn(topItemClass(inServices), 'group')}
            onPointerEnter={() => {
              hovered.current = true;
              // Opens on hover, as the loaded menu does, once its code has arrived.
              void preload().then(() => {
                if (hovered.current) activate(false);
              });
            }}
            onPointerLeave={() => {
              hovered.current = false;
            }}
            onFocus={() => void preload()}
            onClick={() => activate(true)}
          >
            {servicesLabel}
            <ChevronDownIcon className="size-4" />
          </button>
        </li>
        {links.map((link) => (
          <li key={hrefKey(link.href)}>
            <Link
              href={link.href}
              aria-current={isCurrentPath(pathname, link.href) ? 'page' : undefined}
              className={topItemClass(isCurrentPath(pathname, link.href))}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
