import 'server-only';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Root } from 'hast';
import { createTranslator } from 'next-intl';
import { cache } from 'react';
import { z } from 'zod';
import { blogCategories, type BlogCategory } from '@/config/blog';
import { localeInfo, type Locale } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { ContentError, fillTemplate, parseFrontmatter } from '@/lib/markdown/frontmatter';
import { countWords, outlineOf, readingMinutes, type OutlineEntry } from '@/lib/markdown/outline';
import type { ImageSize } from '@/lib/markdown/rehype-images';
import { markdownToHast } from '@/lib/markdown/render';
import { resolveImageSize } from './images';
import { contentRoot } from './paths';
import { contentTemplateValues } from './template-values';

const blogRoot = path.join(contentRoot, 'blog');

export const articleFrontmatterSchema = z
  .object({
    title: z.string().trim().min(20).max(90),
    description: z.string().trim().min(80).max(200),
    date: z.iso.date(),
    category: z.enum(blogCategories),
    cover: z.object({
      src: z.string().regex(/^\/images\/blog\/[a-z0-9-]+\/[\w.-]+\.(svg|png|jpe?g|webp|avif)$/),
      alt: z.string().trim().min(10),
    }),
    author: z.string().trim().min(3),
    tags: z.array(z.string().trim().min(2)).min(2).max(6),
  })
  .strict();

export type ArticleMeta = Omit<z.infer<typeof articleFrontmatterSchema>, 'cover'> & {
  slug: string;
  cover: { src: string; alt: string } & ImageSize;
  readingMinutes: number;
};
export type Article = ArticleMeta & { body: Root; outline: OutlineEntry[] };

// A slug is a folder name; these words are taken by the blog's own pages.
const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const reservedSlugs = new Set(['page', 'category', 'rss.xml']);

export const getArticleSlugs = cache(async (): Promise<string[]> => {
  const entries = await readdir(blogRoot, { withFileTypes: true }).catch(() => []);
  const slugs = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  for (const slug of slugs) {
    if (!slugPattern.test(slug) || reservedSlugs.has(slug)) {
      throw new ContentError(
        `content/blog/${slug}: not a valid article slug (lowercase letters, digits, hyphens)`,
      );
    }
  }
  return slugs.sort();
});

const readArticle = cache(async (slug: string, locale: Locale) => {
  const file = path.join(blogRoot, slug, `${localeInfo[locale].code}.md`);
  const relative = path.relative(process.cwd(), file);
  const source = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    throw new ContentError(`${relative}: missing; every article exists in all four languages`);
  });
  const { data, body } = parseFrontmatter(source, articleFrontmatterSchema, relative);
  const markdown = fillTemplate(body, contentTemplateValues(locale), relative);
  let cover: ImageSize;
  try {
    cover = resolveImageSize(data.cover.src);
  } catch (error) {
    throw new ContentError(`${relative}: cover.src: ${(error as Error).message}`);
  }
  const meta: ArticleMeta = {
    ...data,
    slug,
    cover: { ...data.cover, ...cover },
    readingMinutes: readingMinutes(countWords(markdown)),
  };
  return { meta, markdown, relative };
});

/** Every article of a language, newest first. */
export const getArticles = cache(async (locale: Locale): Promise<ArticleMeta[]> => {
  const slugs = await getArticleSlugs();
  const articles = await Promise.all(
    slugs.map(async (slug) => (await readArticle(slug, locale)).meta),
  );
  return articles.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
});

export const getArticlesInCategory = cache(async (locale: Locale, category: BlogCategory) =>
  (await getArticles(locale)).filter((article) => article.category === category),
);

export const getArticle = cache(
  async (slug: string, locale: Locale): Promise<Article | undefined> => {
    if (!(await getArticleSlugs()).includes(slug)) return undefined;
    const { meta, markdown, relative } = await readArticle(slug, locale);
    // Loaders run outside a request too (tests, feeds), so they translate on their own.
    const t = createTranslator({
      locale,
      messages: await loadMessages(locale),
      namespace: 'ArticlePage',
    });
    let body: Root;
    try {
      body = await markdownToHast(markdown, {
        resolveImage: resolveImageSize,
        footnotes: { label: t('footnotes'), backLabel: t('backToText') },
      });
    } catch (error) {
      throw new ContentError(`${relative}: ${(error as Error).message}`);
    }
    return { ...meta, body, outline: outlineOf(body) };
  },
);

/** Around an article: up to three others of its category, and its older and newer neighbours. */
export const getArticleNeighbours = cache(async (slug: string, locale: Locale) => {
  const articles = await getArticles(locale);
  const index = articles.findIndex((article) => article.slug === slug);
  const current = articles[index];
  return {
    related: current
      ? articles.filter((a) => a.category === current.category && a.slug !== slug).slice(0, 3)
      : [],
    newer: index > 0 ? articles[index - 1] : undefined,
    older: index >= 0 ? articles[index + 1] : undefined,
  };
});
