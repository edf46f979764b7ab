'use client';

import { useId, useRef } from 'react';
import { usePathname } from '@/i18n/navigation';
import { cn } from '@/lib/cn';
import { ChevronDownIcon } from './icons';
import { isCurrentPath, topItemClass, type DesktopNavProps } from './nav-data';
import { NavItems } from './nav-item';
import { usePopover } from './use-popover';

/** How long the pointer may rest on "Services" before it opens, or be away before it closes. */
const HOVER_OPEN_MS = 120;
const HOVER_CLOSE_MS = 300;

/**
 * The full header menu, from 960 px up. The services submenu is a native
 * popover opened by its button (`popovertarget`), so it opens from the first
 * paint and without JavaScript, closes on Escape and on a click elsewhere, and
 * gives focus back to its button. Script adds `aria-expanded`, arrow keys
 * between the entries, closing on a client-side navigation, and opening while
 * a mouse rests on "Services".
 */
export function DesktopNav({ label, servicesLabel, services, links, className }: DesktopNavProps) {
  const pathname = usePathname();
  const inServices = services.some((s) => isCurrentPath(pathname, s.href));
  const popoverId = `${useId()}-services`;
  const { popover, open, hide, onKeyDown, onTriggerKeyDown } = usePopover();
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const openedByHover = useRef(false);

  const hoverIn = (event: React.PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    clearTimeout(hoverTimer.current);
    if (popover.current?.matches(':popover-open')) return;
    hoverTimer.current = setTimeout(() => {
      openedByHover.current = true;
      popover.current?.showPopover();
    }, HOVER_OPEN_MS);
  };
  const hoverOut = (event: React.PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    clearTimeout(hoverTimer.current);
    if (!openedByHover.current) return;
    hoverTimer.current = setTimeout(() => {
      openedByHover.current = false;
      hide();
    }, HOVER_CLOSE_MS);
  };

  return (
    <nav aria-label={label} className={cn('relative', className)}>
      <ul className="flex items-center gap-0.5 xl:gap-1">
        <li onPointerEnter={hoverIn} onPointerLeave={hoverOut}>
          <button
            type="button"
            popoverTarget={popoverId}
            aria-expanded={open}
            onClick={(event) => {
              clearTimeout(hoverTimer.current);
              // A click on a menu the hover has just opened keeps it open (the
              // button would toggle it shut) and takes over: it stays until dismissed.
              if (openedByHover.current && popover.current?.matches(':popover-open'))
                event.preventDefault();
              openedByHover.current = false;
            }}
            onKeyDown={onTriggerKeyDown}
            className={cn(topItemClass(inServices), 'group [anchor-name:--services-menu]')}
          >
            {servicesLabel}
            <ChevronDownIcon className="size-4 transition-transform [:has(+:popover-open)>&]:rotate-180" />
          </button>
          <div
            ref={popover}
            id={popoverId}
            popover="auto"
            onKeyDown={onKeyDown}
            className="anchored-popover max-h-[calc(100dvh-var(--header-height)-1.5rem)] w-[min(46rem,calc(100vw-2rem))] overflow-y-auto overscroll-contain rounded-2xl border border-line bg-white p-3 shadow-card [position-anchor:--services-menu] [position-area:bottom_span-right] xl:w-[min(56rem,calc(100vw-18rem))]"
            data-fallback="header-start"
          >
            <ul className="grid grid-cols-2 gap-1 xl:grid-cols-3">
              <NavItems
                items={services}
                pathname={pathname}
                onClick={hide}
                className={(current) => (current ? 'menu-link bg-brand-50' : 'menu-link')}
              >
                {(service) => (
                  <>
                    <span className="block text-sm font-semibold text-ink">{service.label}</span>
                    <span className="menu-link-text">{service.summary}</span>
                  </>
                )}
              </NavItems>
            </ul>
          </div>
        </li>
        <NavItems items={links} pathname={pathname} className={topItemClass} />
      </ul>
    </nav>
  );
}
