/**
 * Reads one article as the site's build does (src/server/content/blog.ts: the
 * same schemas, Markdown rendering, link and picture checks), in the folder it
 * is started in, and prints what each language's page would show as JSON.
 * The editor's end-to-end test runs it in its scratch copy:
 * `tsx --tsconfig tests/editor/tsconfig.read-article.json tests/editor/read-article.mts <slug>`
 * (that configuration stands in for `server-only`, as the unit tests' does).
 */
import { getArticle, getArticleSlugs } from '@/server/content/blog';
import { locales } from '@/i18n/locales';

const slug = process.argv[2] ?? '';
const listed = (await getArticleSlugs()).includes(slug);
const pages: Record<string, unknown> = {};
for (const locale of locales) {
  const article = await getArticle(slug, locale);
  pages[locale] = article && {
    title: article.title,
    description: article.description,
    author: article.author,
    tags: article.tags,
    cover: article.cover,
    headings: article.outline.map((entry) => entry.text),
  };
}
console.log(JSON.stringify({ listed, pages }));
