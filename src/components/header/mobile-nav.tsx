'use client';

import { useEffect, useRef, useState } from 'react';
import { useDeferredModule } from '@/components/ui/use-deferred-module';
import type { DrawerProps } from './drawer';
import { MenuIcon } from './icons';

const loadDrawer = () => import('./drawer');

/**
 * The header menu below 960 px: the hamburger, and the drawer it opens. The
 * drawer's code (Radix Dialog) is fetched when the visitor reaches for the
 * button, so narrow pages load without it.
 */
export function MobileNav(props: DrawerProps) {
  const [open, setOpen] = useState(false);
  const hamburger = useRef<HTMLButtonElement>(null);
  const { loaded, preload, ensure } = useDeferredModule(loadDrawer);

  // Growing the window to the desktop layout closes the drawer.
  useEffect(() => {
    const desktop = window.matchMedia('(min-width: 60rem)');
    const onChange = () => {
      if (desktop.matches) setOpen(false);
    };
    desktop.addEventListener('change', onChange);
    return () => desktop.removeEventListener('change', onChange);
  }, []);

  return (
    <>
      <button
        ref={hamburger}
        type="button"
        aria-label={props.labels.open}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void preload()}
        onPointerDown={() => void preload()}
        onFocus={() => void preload()}
        onClick={() => {
          setOpen(true);
          void ensure();
        }}
        className="-ml-2 inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-surface lg:hidden print:hidden"
      >
        <MenuIcon className="size-6" />
      </button>
      {loaded ? (
        <loaded.Drawer {...props} open={open} onOpenChange={setOpen} returnFocusTo={hamburger} />
      ) : null}
    </>
  );
}
