'use client';

import * as Collapsible from '@radix-ui/react-collapsible';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { buttonClass } from '@/components/ui/button';
import { hrefKey, type NavHref } from '@/config/navigation';
import { Link, usePathname } from '@/i18n/navigation';
import { cn } from '@/lib/cn';
import { ChevronDownIcon, CloseIcon } from './icons';
import { isCurrentPath, type HeaderNavData } from './nav-data';

export type DrawerProps = HeaderNavData & {
  labels: { open: string; title: string; close: string; nav: string; contact: string };
  contactHref: NavHref;
  /** Shown inside the drawer on small screens only, where the header bar has no room for it. */
  languageSwitcher: ReactNode;
};

type DrawerDialogProps = DrawerProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The hamburger: focus goes back to it when the drawer closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

/** The left-side modal drawer (Radix Dialog), BEHAVIOUR.md section 2. Loaded on first use by MobileNav. */
export function Drawer({
  open,
  onOpenChange,
  returnFocusTo,
  labels,
  contactHref,
  servicesLabel,
  services,
  links,
  languageSwitcher,
}: DrawerDialogProps) {
  const pathname = usePathname();
  const inServices = services.some((s) => isCurrentPath(pathname, s.href));
  const close = () => onOpenChange(false);
  const item =
    'flex min-h-12 w-full items-center justify-between rounded-xl px-3 text-base font-medium transition-colors hover:bg-surface';

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-white shadow-2xl data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-line pr-2 pl-5">
            <Dialog.Title className="text-lg font-bold">{labels.title}</Dialog.Title>
            <Dialog.Close
              aria-label={labels.close}
              className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-surface"
            >
              <CloseIcon className="size-6" />
            </Dialog.Close>
          </div>
          <nav aria-label={labels.nav} className="flex-1 overflow-y-auto px-2 py-3">
            <ul className="space-y-1">
              <li>
                <Collapsible.Root defaultOpen={inServices}>
                  <Collapsible.Trigger
                    className={cn(item, 'group', inServices ? 'text-brand-700' : 'text-ink')}
                  >
                    {servicesLabel}
                    <ChevronDownIcon className="size-5 text-muted transition-transform group-data-[state=open]:rotate-180" />
                  </Collapsible.Trigger>
                  <Collapsible.Content>
                    <ul className="mt-1 mb-2 ml-3 space-y-0.5 border-l border-line pl-2">
                      {services.map((service) => {
                        const current = isCurrentPath(pathname, service.href);
                        return (
                          <li key={hrefKey(service.href)}>
                            <Link
                              href={service.href}
                              onClick={close}
                              aria-current={current ? 'page' : undefined}
                              className={cn(
                                'flex min-h-11 items-center rounded-lg px-3 py-2 text-[0.9375rem] hover:bg-surface',
                                current ? 'font-semibold text-brand-700' : 'text-ink',
                              )}
                            >
                              {service.label}
                            </Link>
                          </li>
                        );
                      })}
                    </ul>
                  </Collapsible.Content>
                </Collapsible.Root>
              </li>
              {links.map((link) => {
                const current = isCurrentPath(pathname, link.href);
                return (
                  <li key={hrefKey(link.href)}>
                    <Link
                      href={link.href}
                      onClick={close}
                      aria-current={current ? 'page' : undefined}
                      className={cn(item, current ? 'text-brand-700' : 'text-ink')}
                    >
                      {link.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="shrink-0 space-y-3 border-t border-line p-4">
            <div className="sm:hidden">{languageSwitcher}</div>
            <Link
              href={contactHref}
              onClick={close}
              className={buttonClass({ className: 'w-full' })}
            >
              {labels.contact}
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
