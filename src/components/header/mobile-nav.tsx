'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button';
import type { NavHref } from '@/config/navigation';
import { Link, usePathname } from '@/i18n/navigation';
import { cn } from '@/lib/cn';
import { ChevronDownIcon, CloseIcon, MenuIcon } from './icons';
import { isCurrentPath, type HeaderNavData } from './nav-data';
import { NavItems } from './nav-item';

export type MobileNavProps = HeaderNavData & {
  labels: { open: string; title: string; close: string; nav: string; contact: string };
  contactHref: NavHref;
  /** Shown inside the drawer on small screens only, where the header bar has no room for it. */
  languageSwitcher: ReactNode;
};

/** Whether this browser runs `command`/`commandfor` on buttons itself. */
const nativeCommands = () => 'commandForElement' in HTMLButtonElement.prototype;

/**
 * The header menu below 960 px: the hamburger and the left-side drawer it
 * opens (BEHAVIOUR.md section 2). The drawer is a native modal `<dialog>`
 * opened by an invoker command, so it works from the first paint and without
 * JavaScript: the browser traps focus in it, closes it on Escape and on a
 * click outside (`closedby="any"`), and gives focus back to the hamburger.
 * The services submenu is a `<details>`. Script adds what HTML cannot: closing
 * on a client-side navigation, `aria-expanded` on the hamburger, closing when
 * the window grows to the desktop layout, and the same behaviour in browsers
 * without invoker commands or light dismiss.
 */
export function MobileNav({
  labels,
  contactHref,
  servicesLabel,
  services,
  links,
  languageSwitcher,
}: MobileNavProps) {
  const id = useId();
  const drawerId = `${id}-drawer`;
  const titleId = `${id}-title`;
  const drawer = useRef<HTMLDialogElement>(null);
  const hamburger = useRef<HTMLButtonElement>(null);
  // Undefined until hydrated: before that the browser reports the state itself.
  const [open, setOpen] = useState<boolean>();
  const pathname = usePathname();
  const inServices = services.some((s) => isCurrentPath(pathname, s.href));

  useEffect(() => {
    const dialog = drawer.current!;
    // Opened before the page's code arrived (the invoker works without it)? Then it says so.
    setOpen(dialog.open);
    const sync = () => setOpen(dialog.open);
    const observer = new MutationObserver(sync);
    observer.observe(dialog, { attributes: true, attributeFilter: ['open'] });
    // Light dismiss where the browser lacks `closedby`: a click on the backdrop
    // lands on the dialog itself, outside its box.
    const onClick = (event: MouseEvent) => {
      if (event.target !== dialog || 'closedBy' in dialog) return;
      const box = dialog.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) dialog.close();
    };
    dialog.addEventListener('click', onClick);
    // Growing the window to the desktop layout closes the drawer.
    const desktop = window.matchMedia('(min-width: 60rem)');
    const onWiden = () => {
      if (desktop.matches) dialog.close();
    };
    desktop.addEventListener('change', onWiden);
    return () => {
      observer.disconnect();
      dialog.removeEventListener('click', onClick);
      desktop.removeEventListener('change', onWiden);
    };
  }, []);

  const close = () => drawer.current?.close();

  return (
    <>
      <button
        ref={hamburger}
        type="button"
        commandfor={drawerId}
        command="show-modal"
        aria-label={labels.open}
        aria-haspopup="dialog"
        aria-controls={drawerId}
        aria-expanded={open}
        onClick={() => {
          if (!nativeCommands()) drawer.current?.showModal();
        }}
        className="-ml-2 inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-surface lg:hidden print:hidden"
      >
        <MenuIcon className="size-6" />
      </button>
      <dialog
        ref={drawer}
        id={drawerId}
        aria-labelledby={titleId}
        closedby="any"
        className="site-drawer lg:hidden print:hidden"
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-line pr-2 pl-5">
          <h2 id={titleId} className="text-lg font-bold">
            {labels.title}
          </h2>
          <button
            type="button"
            commandfor={drawerId}
            command="close"
            aria-label={labels.close}
            onClick={() => {
              if (!nativeCommands()) close();
            }}
            className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-surface"
          >
            <CloseIcon className="size-6" />
          </button>
        </div>
        <nav aria-label={labels.nav} className="flex-1 overflow-y-auto px-2 py-3">
          <ul className="space-y-1">
            <li>
              <details open={inServices} className="group">
                <summary
                  className={cn(
                    'drawer-item cursor-pointer list-none [&::-webkit-details-marker]:hidden',
                    inServices && 'text-brand-700',
                  )}
                >
                  {servicesLabel}
                  <ChevronDownIcon className="size-5 text-muted transition-transform group-open:rotate-180" />
                </summary>
                <ul className="mt-1 mb-2 ml-3 space-y-0.5 border-l border-line pl-2">
                  <NavItems
                    items={services}
                    pathname={pathname}
                    onClick={close}
                    className={(current) =>
                      cn('drawer-sub', current && 'font-semibold text-brand-700')
                    }
                  />
                </ul>
              </details>
            </li>
            <NavItems
              items={links}
              pathname={pathname}
              onClick={close}
              className={(current) => cn('drawer-item', current && 'text-brand-700')}
            />
          </ul>
        </nav>
        <div className="shrink-0 space-y-3 border-t border-line p-4">
          <div className="sm:hidden">{languageSwitcher}</div>
          <Link href={contactHref} onClick={close} className={buttonClass({ className: 'w-full' })}>
            {labels.contact}
          </Link>
        </div>
      </dialog>
    </>
  );
}
