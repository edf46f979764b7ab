'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { MouseEvent } from 'react';
import { ChevronDownIcon } from '@/components/header/icons';
import { Link, usePathname, useRouter } from '@/i18n/navigation';
import { localeInfo, locales, writeLocaleCookie, type Locale } from '@/i18n/locales';
import { cn } from '@/lib/cn';
import { Flag } from './flag';

type LanguageSwitcherProps = {
  locale: Locale;
  /** Read by screen readers after the language name, e.g. "change language". */
  changeLabel: string;
  menuLabel: string;
  className?: string;
  /** Full width inside the drawer. */
  block?: boolean;
};

/**
 * Switches to the same page in another language, keeping the query and hash
 * (BEHAVIOUR.md section 1), and remembers the choice in the locale cookie.
 */
export function LanguageSwitcher({
  locale,
  changeLabel,
  menuLabel,
  className,
  block,
}: LanguageSwitcherProps) {
  const pathname = usePathname();
  const router = useRouter();

  function switchTo(next: Locale, event: MouseEvent<HTMLAnchorElement>) {
    // Modified clicks open the plain link in a new tab, as links should.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    writeLocaleCookie(localeInfo[next].code);
    const { search, hash } = window.location;
    router.push(`${pathname}${search}${hash}`, { locale: next });
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className={cn(
          'inline-flex h-10 items-center gap-2 rounded-full border border-line px-3 text-sm font-semibold text-ink transition-colors hover:bg-surface data-[state=open]:bg-surface',
          block && 'w-full justify-between rounded-xl px-4',
          className,
        )}
      >
        <span className="flex items-center gap-2">
          <Flag locale={locale} />
          <span lang={locale}>{localeInfo[locale].label}</span>
          <span className="sr-only">, {changeLabel}</span>
        </span>
        <ChevronDownIcon className="size-4 text-muted" />
      </DropdownMenu.Trigger>
      {/* Not portalled: the menu stays inside the header or the drawer, so it is part of
          a landmark for screen readers and inside the drawer's focus trap. */}
      <DropdownMenu.Content
        aria-label={menuLabel}
        align={block ? 'start' : 'end'}
        sideOffset={8}
        className="z-[60] min-w-44 rounded-xl border border-line bg-white p-1.5 shadow-card data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
      >
        {locales.map((option) => {
          const info = localeInfo[option];
          const current = option === locale;
          return (
            <DropdownMenu.Item key={option} asChild>
              <Link
                href={pathname}
                locale={option}
                lang={option}
                hrefLang={info.hreflang}
                aria-current={current ? 'true' : undefined}
                onClick={(event) => switchTo(option, event)}
                className={cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-ink outline-none select-none data-[highlighted]:bg-surface',
                  current && 'font-semibold text-brand-700',
                )}
              >
                <Flag locale={option} />
                <span className="w-8">{info.label}</span>
                <span className="text-muted">{info.nativeName}</span>
              </Link>
            </DropdownMenu.Item>
          );
        })}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
