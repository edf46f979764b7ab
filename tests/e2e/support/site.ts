import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { serviceSlugs } from '@/config/services';
import { langCodes, localeFromCode, type LangCode } from '@/i18n/locales';
import en from '../../../messages/en.json';
import kz from '../../../messages/kz.json';
import ru from '../../../messages/ru.json';
import ua from '../../../messages/ua.json';

export const messages = { ru, en, kz, ua } satisfies Record<LangCode, typeof en>;
export { langCodes, localeFromCode };
export type { LangCode };

const root = path.resolve(__dirname, '../../..');

function frontmatterTitle(file: string): string {
  const source = readFileSync(path.join(root, file), 'utf8');
  const yaml = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  return (parseYaml(yaml) as { title: string }).title;
}

export const articleSlugs = readdirSync(path.join(root, 'content/blog'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

export type SitePage = { path: string; h1: string; type: string };

/** Every page of the site in one language, with the `h1` it must show. */
export function pagesOf(code: LangCode): SitePage[] {
  const m = messages[code];
  return [
    { path: '', h1: m.HomePage.hero.title, type: 'home' },
    { path: '/blog', h1: m.BlogPage.title, type: 'blog' },
    ...articleSlugs.map((slug) => ({
      path: `/blog/${slug}`,
      h1: frontmatterTitle(`content/blog/${slug}/${code}.md`),
      type: 'article',
    })),
    { path: '/calculator', h1: m.CalculatorPage.title, type: 'calculator' },
    { path: '/contacts', h1: m.ContactsPage.title, type: 'contacts' },
    ...serviceSlugs.map((slug) => ({
      path: `/services/${slug}`,
      h1: m.Services[slug].title,
      type: 'service',
    })),
    { path: '/privacy', h1: frontmatterTitle(`content/pages/privacy/${code}.md`), type: 'privacy' },
    { path: '/terms', h1: frontmatterTitle(`content/pages/terms/${code}.md`), type: 'terms' },
  ];
}

/** `/ru/services/web` style address. */
export const url = (code: LangCode, pagePath = '') => `/${code}${pagePath}`;

export function readServiceYaml(slug: string, code: LangCode): unknown {
  return parseYaml(readFileSync(path.join(root, `content/services/${slug}/${code}.yaml`), 'utf8'));
}
