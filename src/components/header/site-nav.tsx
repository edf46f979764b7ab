import type { ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button';
import type { NavHref } from '@/config/navigation';
import { Link } from '@/i18n/navigation';
import { cn } from '@/lib/cn';
import { ChevronDownIcon, CloseIcon, MenuIcon } from './icons';
import { isCurrentPath, type NavLinkItem, type ServiceLinkItem } from './nav-data';
import { NavItems } from './nav-item';

export type SiteNavProps = {
  /** The path being shown, without its language: its entry is marked. */
  pathname: string;
  servicesLabel: string;
  services: ServiceLinkItem[];
  links: NavLinkItem[];
  contactHref: NavHref;
  labels: { title: string; close: string; nav: string; contact: string };
  /** Shown at the foot of the drawer on small screens, where the header bar has no room for it. */
  languageSwitcher: ReactNode;
};

const drawerId = 'site-drawer';
const servicesId = 'site-services';

/**
 * An invoker command: the button runs `command` on the element `target` by
 * itself, with no script (the page's script stands in where a browser lacks it).
 */
const invokes = (command: 'show-modal' | 'close', target: string) =>
  ({ command, commandfor: target }) as const;
/** Light dismiss: a click outside the open dialog closes it. */
const lightDismiss = { closedby: 'any' } as const;

/** The hamburger: opens the drawer by an invoker command, so it works before and without script. */
export function DrawerButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      {...invokes('show-modal', drawerId)}
      aria-label={label}
      aria-haspopup="dialog"
      aria-controls={drawerId}
      className="-ml-2 inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-surface lg:hidden print:hidden"
    >
      <MenuIcon className="size-6" />
    </button>
  );
}

/**
 * The header's navigation, in the page once for both layouts. Its markup is
 * the drawer's: a native modal `<dialog>` (opened by `DrawerButton`) that
 * traps focus, closes on Escape and on a click outside (`closedby="any"`) and
 * gives focus back to the hamburger, all without script; the services are a
 * `<details>` in it. From 960 px the closed drawer gives up its box
 * (globals.css, "The header's navigation") and the `<nav>` in it lays out in
 * the header bar, where the same list of services is a native popover opened
 * by its own button, with each service's summary. The page's script
 * (src/scripts/header/) adds `aria-expanded`, arrow keys, hover and closing
 * on a choice.
 */
export function SiteNav({
  pathname,
  servicesLabel,
  services,
  links,
  contactHref,
  labels,
  languageSwitcher,
}: SiteNavProps) {
  const inServices = services.some((s) => isCurrentPath(pathname, s.href));
  return (
    <dialog
      id={drawerId}
      aria-labelledby={`${drawerId}-title`}
      {...lightDismiss}
      data-drawer
      className="site-drawer print:hidden"
    >
      <div className="drawer-only flex h-16 shrink-0 items-center justify-between border-b border-line pr-2 pl-5">
        <h2 id={`${drawerId}-title`} className="text-lg font-bold">
          {labels.title}
        </h2>
        <button
          type="button"
          {...invokes('close', drawerId)}
          aria-label={labels.close}
          className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-surface"
        >
          <CloseIcon className="size-6" />
        </button>
      </div>
      <nav aria-label={labels.nav} className="site-nav">
        <ul className="site-nav-list">
          <li>
            {/* The header bar's way in; the drawer's is the <summary> below. */}
            <button
              type="button"
              popoverTarget={servicesId}
              data-hover-open
              className={cn('nav-entry services-trigger', inServices && 'is-current')}
            >
              {servicesLabel}
              <ChevronDownIcon className="size-4 transition-transform" />
            </button>
            <details open={inServices} className="services-disclosure">
              <summary className={cn('nav-entry', inServices && 'is-current')}>
                {servicesLabel}
                <ChevronDownIcon className="size-5 text-muted transition-transform" />
              </summary>
              <div
                id={servicesId}
                popover="auto"
                data-menu
                className="services-menu anchored-popover"
                data-fallback="header-start"
              >
                <ul className="services-list">
                  <NavItems items={services} pathname={pathname} className="service-link">
                    {(service) => (
                      <>
                        {service.label}
                        <span className="service-text">{service.summary}</span>
                      </>
                    )}
                  </NavItems>
                </ul>
              </div>
            </details>
          </li>
          <NavItems items={links} pathname={pathname} className="nav-entry" />
        </ul>
      </nav>
      <div className="drawer-only shrink-0 space-y-3 border-t border-line p-4">
        <div className="sm:hidden">{languageSwitcher}</div>
        <Link href={contactHref} className={buttonClass({ className: 'w-full' })}>
          {labels.contact}
        </Link>
      </div>
    </dialog>
  );
}
