import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LocaleProvider } from '@/i18n/locale-context';
import { localeInfo, locales, type Locale } from '@/i18n/locales';
import { LanguageSwitcher } from './language-switcher';

/** The four languages, each named the way its own speakers write it. */
const ownNames: Record<Locale, string> = {
  ru: 'Русский',
  en: 'English',
  kk: 'Қазақша',
  uk: 'Українська',
};

function render(locale: Locale, place: 'bar' | 'drawer', pathname = '/services/seo') {
  return renderToStaticMarkup(
    <LocaleProvider locale={locale} pathname={pathname}>
      <LanguageSwitcher
        locale={locale}
        pathname={pathname}
        changeLabel="change language"
        menuLabel="Languages"
        place={place}
      />
    </LocaleProvider>,
  );
}

/** The markup of the language button, and of the menu's entries (one `<a>` each). */
function parts(html: string) {
  const button = /<button[^>]*>([\s\S]*?)<\/button>/.exec(html);
  const menu = /<ul[^>]*>([\s\S]*?)<\/ul>/.exec(html);
  if (!button || !menu) throw new Error(`no button or menu in ${html}`);
  const links = [...menu[1]!.matchAll(/<a ([^>]*)>([\s\S]*?)<\/a>/g)].map((match) => ({
    attributes: match[1]!,
    text: match[2]!,
  }));
  return { button: button[1]!, menu: menu[1]!, links };
}

const attribute = (attributes: string, name: string) =>
  new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes)?.[1];

/** Text a reader hears: tags dropped, `aria-hidden` parts left out. */
const spoken = (html: string) =>
  html
    .replace(/<(\w+)[^>]*aria-hidden="true"[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

// Regional indicator letters: two of them make a flag emoji (🇷🇺, 🇺🇦); U+1F3F4 starts the subdivision flags.
const flagEmoji = /[\u{1F1E6}-\u{1F1FF}\u{1F3F4}\u{1F3F3}]/u;

describe('the language switcher', () => {
  it.each(locales)('on a %s page, names each language in itself, in its menu', (locale) => {
    const { links } = parts(render(locale, 'bar'));
    expect(links.map((link) => link.text)).toEqual(locales.map((option) => ownNames[option]));
    for (const [index, link] of links.entries()) {
      const option = locales[index]!;
      expect(attribute(link.attributes, 'lang')).toBe(option);
      expect(attribute(link.attributes, 'hrefLang')).toBe(localeInfo[option].hreflang);
      expect(attribute(link.attributes, 'href')).toBe(`/${localeInfo[option].code}/services/seo`);
      expect(attribute(link.attributes, 'aria-current')).toBe(
        option === locale ? 'true' : undefined,
      );
    }
  });

  it.each(locales)('on a %s page, shows no flag: no picture, no emoji, no drawing', (locale) => {
    for (const place of ['bar', 'drawer'] as const) {
      const html = render(locale, place);
      const { button, menu } = parts(html);
      expect(html).not.toMatch(/<img|<picture|background-image|\/flags\//);
      expect(html).not.toMatch(flagEmoji);
      // The menu is words only; the button has one drawing, the chevron, hidden from readers.
      expect(menu).not.toMatch(/<svg/);
      expect(button.match(/<svg/g)).toHaveLength(1);
      expect(button).toMatch(/<svg[^>]*aria-hidden="true"/);
    }
  });

  it('shows the short name on the header bar and the full one in the drawer', () => {
    for (const locale of locales) {
      const { label, nativeName } = localeInfo[locale];
      expect(nativeName).toBe(ownNames[locale]);
      // The short name is the start of the full one, which the button's accessible name reads.
      expect(nativeName.startsWith(label)).toBe(true);

      const bar = parts(render(locale, 'bar')).button;
      expect(bar).toContain(`<span aria-hidden="true">${label}</span>`);
      expect(spoken(bar)).toBe(`${nativeName}, change language`);

      const drawer = parts(render(locale, 'drawer')).button;
      expect(drawer).not.toContain(`>${label}<`);
      expect(spoken(drawer)).toBe(`${nativeName}, change language`);
    }
  });

  it('marks the button’s text with the page’s language', () => {
    const { button } = parts(render('uk', 'bar'));
    expect(button).toMatch(/^<span lang="uk">/);
  });
});
