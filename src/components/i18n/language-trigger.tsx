import { ChevronDownIcon } from '@/components/header/icons';
import { localeInfo, type Locale } from '@/i18n/locales';
import { cn } from '@/lib/cn';

export type LanguageSwitcherProps = {
  locale: Locale;
  /** The page being shown, without its language: each entry links to it in another one. */
  pathname: string;
  /** Read by screen readers after the language name, e.g. "change language". */
  changeLabel: string;
  menuLabel: string;
  /** In the header bar, or full width at the foot of the drawer (small screens). */
  place: 'bar' | 'drawer';
  className?: string;
};

export function languageTriggerClass({ block, className }: { block: boolean; className?: string }) {
  return cn(
    'inline-flex h-10 items-center gap-2 border border-line text-sm font-semibold text-ink transition-colors hover:bg-surface [&:has(+:popover-open)]:bg-surface',
    block ? 'w-full justify-between rounded-xl px-4' : 'rounded-full px-3',
    className,
  );
}

/**
 * What the language button shows: the current language by its own name (the
 * short one on the header bar, the full one across the drawer), and for
 * screen readers the full name and what the button does. On the bar the short
 * name is left out of the accessible name and the full one, which starts with
 * it, is read instead: "Русский, сменить язык", not "Рус".
 */
export function LanguageTriggerContent({
  locale,
  changeLabel,
  short,
}: Pick<LanguageSwitcherProps, 'locale' | 'changeLabel'> & { short: boolean }) {
  const { label, nativeName } = localeInfo[locale];
  return (
    <>
      <span lang={locale}>
        {short ? (
          <>
            <span aria-hidden="true">{label}</span>
            <span className="sr-only">
              {nativeName}, {changeLabel}
            </span>
          </>
        ) : (
          <>
            {nativeName}
            <span className="sr-only">, {changeLabel}</span>
          </>
        )}
      </span>
      <ChevronDownIcon className="size-4 text-muted transition-transform [:has(+:popover-open)>&]:rotate-180" />
    </>
  );
}
