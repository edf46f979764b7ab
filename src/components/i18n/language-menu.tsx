'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { MouseEvent } from 'react';
import { localeInfo, locales, writeLocaleCookie, type Locale } from '@/i18n/locales';
import { Link, usePathname, useRouter } from '@/i18n/navigation';
import { cn } from '@/lib/cn';
import { Flag } from './flag';
import {
  LanguageTriggerContent,
  languageTriggerClass,
  type LanguageSwitcherProps,
} from './language-trigger';

/**
 * The language dropdown itself (Radix). It switches to the same page in another
 * language, keeping the query and hash (BEHAVIOUR.md section 1), and remembers
 * the choice in the locale cookie. Loaded on first use by LanguageSwitcher.
 */
export function LanguageMenu({
  locale,
  changeLabel,
  menuLabel,
  className,
  block,
  defaultOpen,
}: LanguageSwitcherProps & { defaultOpen: boolean }) {
  const pathname = usePathname();
  const router = useRouter();

  function switchTo(next: Locale, event: MouseEvent<HTMLAnchorElement>) {
    // Modified clicks open the plain link in a new tab, as links should.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    writeLocaleCookie(localeInfo[next].code);
    const { search, hash } = window.location;
    router.push(pathname, { locale: next, search, hash });
  }

  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={languageTriggerClass({ block, className })}>
        <LanguageTriggerContent locale={locale} changeLabel={changeLabel} />
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
                  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-surface',
                  current ? 'font-semibold text-brand-700' : 'text-ink',
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
