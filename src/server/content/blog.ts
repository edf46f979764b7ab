import 'server-only';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Root } from 'hast';
import { cache } from 'react';
import { z } from 'zod';
import { blogCategories } from '@/config/blog';
import { localeInfo, type Locale } from '@/i18n/locales';
import { ContentError, fillTemplate, parseFrontmatter } from '@/lib/markdown/frontmatter';
import { markdownToHast } from '@/lib/markdown/render';
import { contentRoot } from './paths';
import { contentTemplateValues } from './template-values';

const blogRoot = path.join(contentRoot, 'blog');

export const articleFrontmatterSchema = z.object({
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
});

export type ArticleMeta = z.infer<typeof articleFrontmatterSchema> & { slug: string };
export type Article = ArticleMeta & { body: Root };

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const getArticleSlugs = cache(async (): Promise<string[]> => {
  const entries = await readdir(blogRoot, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory() && slugPattern.test(entry.name))
    .map((entry) => entry.name)
    .sort();
});

async function readArticle(slug: string, locale: Locale) {
  const file = path.join(blogRoot, slug, `${localeInfo[locale].code}.md`);
  const relative = path.relative(process.cwd(), file);
  const source = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    throw new ContentError(`${relative}: missing; every article exists in all four languages`);
  });
  const { data, body } = parseFrontmatter(source, articleFrontmatterSchema, relative);
  return {
    meta: { ...data, slug },
    body: fillTemplate(body, contentTemplateValues(locale), relative),
  };
}

/** Every article of a language, newest first. */
export const getArticles = cache(async (locale: Locale): Promise<ArticleMeta[]> => {
  const slugs = await getArticleSlugs();
  const articles = await Promise.all(
    slugs.map(async (slug) => (await readArticle(slug, locale)).meta),
  );
  return articles.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
});

export const getArticle = cache(
  async (slug: string, locale: Locale): Promise<Article | undefined> => {
    if (!(await getArticleSlugs()).includes(slug)) return undefined;
    const { meta, body } = await readArticle(slug, locale);
    return { ...meta, body: await markdownToHast(body) };
  },
);
