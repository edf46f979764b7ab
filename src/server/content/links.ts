import 'server-only';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { cache } from 'react';
import { visit } from 'unist-util-visit';
import { blogCategories, blogConfig } from '@/config/blog';
import { serviceSlugs } from '@/config/services';
import { langCodes } from '@/i18n/locales';
import { ContentError } from '@/lib/content/validate';
import { getArticles, getArticleSlugs } from './blog';
import { getCaseServices, getCaseSlugs } from './cases';

/** The pages without a slug, as content links to them (no language prefix). */
const fixedPages = [
  '/',
  '/about',
  '/blog',
  '/blog/rss.xml',
  '/calculator',
  '/cases',
  '/consent',
  '/contacts',
  '/privacy',
  '/services',
  '/terms',
];

const pages = (base: string, count: number) =>
  Array.from({ length: Math.max(0, count - 1) }, (_, index) => `${base}/page/${index + 2}`);

/**
 * Every page this build makes, without the language prefix: what a link in
 * content may point to. A draft is not one in production, so a link to it
 * fails that build.
 */
export const knownPagePaths = cache(async (): Promise<Set<string>> => {
  const [articles, cases, caseServices] = await Promise.all([
    getArticles('en'),
    getCaseSlugs(),
    getCaseServices(),
  ]);
  const perPage = blogConfig.postsPerPage;
  return new Set([
    ...fixedPages,
    ...serviceSlugs.map((slug) => `/services/${slug}`),
    ...cases.map((slug) => `/cases/${slug}`),
    ...caseServices.map((slug) => `/cases/service/${slug}`),
    ...(await getArticleSlugs()).map((slug) => `/blog/${slug}`),
    ...pages('/blog', Math.ceil(articles.length / perPage)),
    ...blogCategories.flatMap((category) => [
      `/blog/category/${category}`,
      ...pages(
        `/blog/category/${category}`,
        Math.ceil(articles.filter((article) => article.category === category).length / perPage),
      ),
    ]),
  ]);
});

const languagePrefix = new RegExp(`^/(?:${langCodes.join('|')})(?=/|$)`);
// Checked while pages are built; the server itself never reads public/.
const publicRoot = path.join(/* turbopackIgnore: true */ process.cwd(), 'public');

/** What is wrong with a link inside the site, or null when it leads to a page or a file. */
export function internalLinkProblem(href: string, known: ReadonlySet<string>): string | null {
  if (href.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//'))
    return null;
  if (!href.startsWith('/'))
    return `"${href}" is relative; write a link inside the site from its root, as /services/web`;
  const pathname = href.split(/[?#]/, 1)[0]!;
  const bare = pathname.replace(languagePrefix, '') || '/';
  const page = bare.length > 1 ? bare.replace(/\/$/, '') : bare;
  if (known.has(page)) return null;
  // A file the site serves as it is (a picture, a PDF) under public/.
  if (/\.[a-z0-9]+$/i.test(page) && !page.includes('..') && existsSync(path.join(publicRoot, page)))
    return null;
  return `no page at ${page}`;
}

/**
 * Checks the links of a piece of rendered content: each one inside the site
 * must lead to a page this build makes. A broken one fails the build naming
 * `where` (the file and the field), the link's text and its line.
 */
export async function checkInternalLinks(tree: Root, where: string): Promise<void> {
  const known = await knownPagePaths();
  const problems: string[] = [];
  visit(tree, 'element', (node: Element) => {
    if (node.tagName !== 'a' || typeof node.properties.href !== 'string') return;
    // Footnote references and back-links point inside the page.
    if (node.properties.href.startsWith('#')) return;
    const problem = internalLinkProblem(node.properties.href, known);
    if (!problem) return;
    const line = node.position ? ` (line ${node.position.start.line})` : '';
    problems.push(`link "${toString(node)}"${line}: ${problem}`);
  });
  if (problems.length > 0) throw new ContentError(`${where}: ${problems.join('; ')}`);
}
