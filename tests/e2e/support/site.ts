import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { blogCategories, blogConfig } from '@/config/blog';
import type { Currency } from '@/config/pricing';
import { serviceSlugs } from '@/config/services';
import { formatLocale, langCodes, localeFromCode, localeInfo, type LangCode } from '@/i18n/locales';
import { moneyOptions } from '@/lib/format/money';
import en from '../../../messages/en.json' with { type: 'json' };
import kz from '../../../messages/kz.json' with { type: 'json' };
import ru from '../../../messages/ru.json' with { type: 'json' };
import ua from '../../../messages/ua.json' with { type: 'json' };

export const messages = { ru, en, kz, ua } satisfies Record<LangCode, typeof en>;
export { langCodes, localeFromCode };
export type { LangCode };

/** The language's currency (or the one picked) and how the site writes an amount in it (whole units). */
export function moneyIn(code: LangCode, picked?: Currency) {
  const locale = localeFromCode(code);
  const currency = picked ?? localeInfo[locale].market.currency;
  const money = new Intl.NumberFormat(formatLocale(locale), moneyOptions(currency));
  return { currency, money };
}

const root = path.resolve(import.meta.dirname, '../../..');

/** Content fills in {{brand}} with the agency's name, as the site does. */
const filled = (text: string) => text.replaceAll('{{brand}}', 'Ortus Digital');

/** An entry's data file (content/<collection>/<slug>/index.yaml), as the site reads it. */
function entry<T>(collection: string, slug?: string): T {
  const file = path.join(root, 'content', collection, slug ?? '', 'index.yaml');
  return load(readFileSync(file, 'utf8'), { schema: CORE_SCHEMA }) as T;
}

type Texts<T> = { texts: Record<LangCode, T> };

function folders(collection: string): string[] {
  return readdirSync(path.join(root, 'content', collection), { withFileTypes: true })
    .filter((item) => item.isDirectory())
    .map((item) => item.name)
    .sort();
}

type ArticleEntry = Texts<{ title: string }> & { draft?: boolean; date: string; category: string };
const isDraft = (collection: string) => (slug: string) =>
  entry<{ draft?: boolean }>(collection, slug).draft === true;

/** The articles the production build shows (drafts are not among them), and the drafts. */
export const articleSlugs = folders('blog').filter((slug) => !isDraft('blog')(slug));
export const draftArticleSlugs = folders('blog').filter(isDraft('blog'));

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
      h1: filled(entry<ArticleEntry>('blog', slug).texts[code].title),
      type: 'article',
    })),
    { path: '/calculator', h1: m.CalculatorPage.title, type: 'calculator' },
    { path: '/contacts', h1: m.ContactsPage.title, type: 'contacts' },
    ...serviceSlugs.map((slug) => ({
      path: `/services/${slug}`,
      h1: filled(serviceContent(slug, code).hero.title),
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
      h1: filled(entry<Texts<{ hero: { title: string } }>>('about').texts[code].hero.title),
      type: 'about',
    },
    { path: '/privacy', h1: legalTitle('privacy', code), type: 'privacy' },
    { path: '/terms', h1: legalTitle('terms', code), type: 'terms' },
    { path: '/consent', h1: legalTitle('consent', code), type: 'consent' },
  ];
}

/** The first page of each type in one language: the pages checked whole where a type stands for its pages. */
export function samplesOf(code: LangCode): SitePage[] {
  const seen = new Set<string>();
  return pagesOf(code).filter((page) => !seen.has(page.type) && seen.add(page.type));
}

function legalTitle(slug: string, code: LangCode): string {
  return filled(entry<Texts<{ title: string }>>('pages', slug).texts[code].title);
}

/** The cases the production build shows (drafts are not among them). */
export const caseSlugs = folders('cases').filter((slug) => !isDraft('cases')(slug));

type CaseEntry = Texts<{ title: string; results: { value: string }[] }> & {
  name: string;
  services: (typeof serviceSlugs)[number][];
  featured?: boolean;
  year: number;
};

export type CaseContent = {
  title: string;
  services: (typeof serviceSlugs)[number][];
  featured?: boolean;
  year: number;
  client: { name: string };
  results: { value: string }[];
};

/** A case in one language, as its page shows it. */
export function caseContent(slug: string, code: LangCode): CaseContent {
  const data = entry<CaseEntry>('cases', slug);
  return {
    title: filled(data.texts[code].title),
    services: data.services,
    featured: data.featured,
    year: data.year,
    client: { name: data.name },
    results: data.texts[code].results,
  };
}

/** The services some case used, in the menu's order: the portfolio's filter. */
export function caseServices(): (typeof serviceSlugs)[number][] {
  const used = new Set(caseSlugs.flatMap((slug) => caseContent(slug, 'en').services));
  return serviceSlugs.filter((slug) => used.has(slug));
}

/** `/ru/services/web` style address. */
export const url = (code: LangCode, pagePath = '') => `/${code}${pagePath}`;

type ServiceTexts = { hero: { title: string }; seo: { title: string } };

export function serviceContent(slug: string, code: LangCode): ServiceTexts {
  return entry<Texts<ServiceTexts>>('services', slug).texts[code];
}

/** Articles of a language, newest first, as the blog lists them. */
export function articlesOf(
  code: LangCode,
): { slug: string; title: string; date: string; category: string }[] {
  return articleSlugs
    .map((slug) => {
      const data = entry<ArticleEntry>('blog', slug);
      return { slug, title: data.texts[code].title, date: data.date, category: data.category };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}
