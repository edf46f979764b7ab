import { localeInfo, locales } from '@/i18n/locales';
import { Link } from '@/i18n/navigation';
import type { PagePath } from '@/config/navigation';
import { cn } from '@/lib/cn';
import {
  LanguageTriggerContent,
  languageTriggerClass,
  type LanguageSwitcherProps,
} from './language-trigger';

/**
 * The language menu: a button and a native popover of links to the same page
 * in each language. It opens from the first paint and without script, where
 * each entry is a plain link. The page's script (src/scripts/header/) makes a
 * choice keep the query and the hash, write the language cookie and report
 * it, and adds arrow keys between the entries.
 */
export function LanguageSwitcher({
  locale,
  pathname,
  changeLabel,
  menuLabel,
  place,
  className,
}: LanguageSwitcherProps) {
  const popoverId = `languages-${place}`;
  // Each switcher (the header bar's, the drawer's) is anchored to its own button.
  const anchor = `--languages-${place}`;
  const inDrawer = place === 'drawer';

  return (
    <>
      <button
        type="button"
        popoverTarget={popoverId}
        style={{ anchorName: anchor }}
        className={cn(languageTriggerClass({ block: inDrawer, className }), 'group')}
      >
        <LanguageTriggerContent locale={locale} changeLabel={changeLabel} short={!inDrawer} />
      </button>
      <div
        id={popoverId}
        popover="auto"
        data-menu
        style={{ positionAnchor: anchor }}
        className={cn(
          'anchored-popover min-w-44 rounded-xl border border-line bg-white p-1.5 shadow-card',
          // In the drawer the button sits low: the menu opens above it.
          inDrawer ? '[position-area:top_span-right]' : '[position-area:bottom_span-left]',
        )}
        data-fallback={inDrawer ? 'drawer' : 'header-end'}
      >
        {/* Safari drops the list role of a list without markers, and with it the name. */}
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles */}
        <ul aria-label={menuLabel} role="list">
          {locales.map((option) => {
            const info = localeInfo[option];
            const current = option === locale;
            return (
              <li key={option}>
                <Link
                  href={pathname as PagePath}
                  locale={option}
                  lang={option}
                  hrefLang={info.hreflang}
                  aria-current={current ? 'true' : undefined}
                  data-language={info.code}
                  className={cn('lang-option', current && 'font-semibold text-brand-700')}
                >
                  {info.nativeName}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}
