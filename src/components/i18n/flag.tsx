import { localeInfo, type Locale } from '@/i18n/locales';

type FlagProps = {
  locale: Locale;
  /** In a menu that starts closed: fetched when the menu opens, not with the page's code. */
  lazy?: boolean;
};

/** A small flag beside a language name; decorative, since the name is always written next to it. */
export function Flag({ locale, lazy = false }: FlagProps) {
  return (
    // A 20×14 static SVG: nothing for an image pipeline to optimise.
    <img
      src={localeInfo[locale].flag}
      width={20}
      height={14}
      alt=""
      className="flag"
      loading={lazy ? 'lazy' : undefined}
    />
  );
}
