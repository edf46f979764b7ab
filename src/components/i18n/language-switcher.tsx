'use client';

import { useId, type MouseEvent } from 'react';
import { usePopover } from '@/components/header/use-popover';
import { localeInfo, locales, writeLocaleCookie, type Locale } from '@/i18n/locales';
import { Link, usePathname, useRouter } from '@/i18n/navigation';
import { goal } from '@/lib/analytics/goals';
import { cn } from '@/lib/cn';
import { Flag } from './flag';
import {
  LanguageTriggerContent,
  languageTriggerClass,
  type LanguageSwitcherProps,
} from './language-trigger';

/**
 * The language menu: a button and a native popover of links to the same page
 * in each language (BEHAVIOUR.md section 1). It opens from the first paint and
 * without JavaScript, where each entry is a plain link. With script, choosing
 * keeps the query and the hash, writes the locale cookie and switches without
 * a full load; arrow keys move between the entries.
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
  const id = useId();
  const popoverId = `${id}-languages`;
  // One anchor per switcher: the header bar and the drawer each have one.
  const anchor = `--languages${id.replace(/[^\w-]/g, '')}`;
  const { popover, open, hide, onKeyDown, onTriggerKeyDown } = usePopover();

  function switchTo(next: Locale, event: MouseEvent<HTMLAnchorElement>) {
    // Modified clicks open the plain link in a new tab, as links should.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    hide();
    writeLocaleCookie(localeInfo[next].code);
    goal('language_switched', { from: localeInfo[locale].code, to: localeInfo[next].code });
    const { search, hash } = window.location;
    router.push(pathname, { locale: next, search, hash });
  }

  return (
    <>
      <button
        type="button"
        popoverTarget={popoverId}
        aria-expanded={open}
        onKeyDown={onTriggerKeyDown}
        style={{ anchorName: anchor }}
        className={cn(languageTriggerClass({ block, className }), 'group')}
      >
        <LanguageTriggerContent locale={locale} changeLabel={changeLabel} />
      </button>
      <div
        ref={popover}
        id={popoverId}
        popover="auto"
        onKeyDown={onKeyDown}
        style={{ positionAnchor: anchor }}
        className={cn(
          'anchored-popover min-w-44 rounded-xl border border-line bg-white p-1.5 shadow-card',
          // In the drawer the button sits low: the menu opens above it.
          block ? '[position-area:top_span-right]' : '[position-area:bottom_span-left]',
        )}
        data-fallback={block ? 'drawer' : 'header-end'}
      >
        <ul aria-label={menuLabel} role="list">
          {locales.map((option) => {
            const info = localeInfo[option];
            const current = option === locale;
            return (
              <li key={option}>
                <Link
                  href={pathname}
                  locale={option}
                  lang={option}
                  hrefLang={info.hreflang}
                  aria-current={current ? 'true' : undefined}
                  onClick={(event) => switchTo(option, event)}
                  className={cn('lang-option', current && 'font-semibold text-brand-700')}
                >
                  <Flag locale={option} lazy />
                  <span className="w-8">{info.label}</span>
                  <span className="text-muted">{info.nativeName}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}
