import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { blogCategories, blogConfig } from '@/config/blog';
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
  // Articles may name the agency as {{brand}}; the site fills it in.
  const source = readFileSync(path.join(root, file), 'utf8');
  const yaml = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  return (parseYaml(yaml) as { title: string }).title.replaceAll('{{brand}}', 'Ortus Digital');
}

export const articleSlugs = readdirSync(path.join(root, 'content/blog'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** Page numbers after the first of a list of `count` articles. */
function laterPages(count: number): number[] {
  const pages = Math.ceil(count / blogConfig.postsPerPage);
  return Array.from({ length: Math.max(0, pages - 1) }, (_, index) => index + 2);
}

export type SitePage = { path: string; h1: string; type: string };

/** Every page of the site in one language, with the `h1` it must show. */
export function pagesOf(code: LangCode): SitePage[] {
  const m = messages[code];
  return [
    { path: '', h1: m.HomePage.hero.title, type: 'home' },
    { path: '/blog', h1: m.BlogPage.title, type: 'blog' },
    ...laterPages(articleSlugs.length).map((page) => ({
      path: `/blog/page/${page}`,
      h1: m.BlogPage.title,
      type: 'blog-page',
    })),
    ...blogCategories.flatMap((category) => [
      {
        path: `/blog/category/${category}`,
        h1: m.BlogPage.categories[category],
        type: 'blog-category',
      },
      ...laterPages(articlesOf(code).filter((a) => a.category === category).length).map((page) => ({
        path: `/blog/category/${category}/page/${page}`,
        h1: m.BlogPage.categories[category],
        type: 'blog-category-page',
      })),
    ]),
    ...articleSlugs.map((slug) => ({
      path: `/blog/${slug}`,
      h1: frontmatterTitle(`content/blog/${slug}/${code}.md`),
      type: 'article',
    })),
    { path: '/calculator', h1: m.CalculatorPage.title, type: 'calculator' },
    { path: '/contacts', h1: m.ContactsPage.title, type: 'contacts' },
    ...serviceSlugs.map((slug) => ({
      path: `/services/${slug}`,
      h1: serviceContent(slug, code).hero.title.replaceAll('{{brand}}', 'Ortus Digital'),
      type: 'service',
    })),
    { path: '/services', h1: m.ServicesIndexPage.title, type: 'services' },
    { path: '/cases', h1: m.CasesPage.title, type: 'cases' },
    ...caseServices().map((service) => ({
      path: `/cases/service/${service}`,
      h1: m.CasesPage.serviceTitle.replace('{service}', m.Services[service].title),
      type: 'cases-service',
    })),
    ...caseSlugs.map((slug) => ({
      path: `/cases/${slug}`,
      h1: caseContent(slug, code).title,
      type: 'case',
    })),
    {
      path: '/about',
      h1: yaml<{ hero: { title: string } }>(`content/about/${code}.yaml`).hero.title,
      type: 'about',
    },
    { path: '/privacy', h1: frontmatterTitle(`content/pages/privacy/${code}.md`), type: 'privacy' },
    { path: '/terms', h1: frontmatterTitle(`content/pages/terms/${code}.md`), type: 'terms' },
    {
      path: '/consent',
      h1: frontmatterTitle(`content/pages/consent/${code}.md`),
      type: 'consent',
    },
  ];
}

function yaml<T>(file: string): T {
  return parseYaml(readFileSync(path.join(root, file), 'utf8')) as T;
}

export const caseSlugs = readdirSync(path.join(root, 'content/cases'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

export type CaseYaml = {
  title: string;
  services: (typeof serviceSlugs)[number][];
  featured?: boolean;
  year: number;
  client: { name: string };
  results: { value: string }[];
};

export function caseContent(slug: string, code: LangCode): CaseYaml {
  return yaml<CaseYaml>(`content/cases/${slug}/${code}.yaml`);
}

/** The services some case used, in the menu's order: the portfolio's filter. */
export function caseServices(): (typeof serviceSlugs)[number][] {
  const used = new Set(caseSlugs.flatMap((slug) => caseContent(slug, 'en').services));
  return serviceSlugs.filter((slug) => used.has(slug));
}

/** `/ru/services/web` style address. */
export const url = (code: LangCode, pagePath = '') => `/${code}${pagePath}`;

type ServiceYaml = { hero: { title: string }; seo: { title: string } };

export function serviceContent(slug: string, code: LangCode): ServiceYaml {
  return parseYaml(
    readFileSync(path.join(root, `content/services/${slug}/${code}.yaml`), 'utf8'),
  ) as ServiceYaml;
}

/** Articles of a language, newest first, as the blog lists them. */
export function articlesOf(
  code: LangCode,
): { slug: string; title: string; date: string; category: string }[] {
  return articleSlugs
    .map((slug) => {
      const source = readFileSync(path.join(root, `content/blog/${slug}/${code}.md`), 'utf8');
      const data = parseYaml(/^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '') as {
        title: string;
        date: string;
        category: string;
      };
      return { slug, title: data.title, date: data.date, category: data.category };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}
