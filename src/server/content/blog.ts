import 'server-only';
import type { Root } from 'hast';
import { createTranslator } from 'use-intl/core';
import { cache } from 'react';
import { z } from 'zod';
import { blogCategories, type BlogCategory } from '@/config/blog';
import { formatLocale, localeInfo, type Locale } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { ContentError } from '@/lib/content/validate';
import { countWords, outlineOf, readingMinutes, type OutlineEntry } from '@/lib/markdown/outline';
import type { ImageSize } from '@/lib/markdown/rehype-images';
import { markdownToHast } from '@/lib/markdown/render';
import { entrySlugs, perLanguage, readEntry, showDrafts, textsFor } from './entries';
import { resolveImageSize } from './images';
import { checkInternalLinks } from './links';
import { errorMessage } from '@/lib/errors';

const articleTextsSchema = z
  .object({
    title: z.string().trim().min(20).max(90),
    description: z.string().trim().min(80).max(200),
    /** What the cover shows, for those who cannot see it. */
    coverAlt: z.string().trim().min(10),
    author: z.string().trim().min(3),
    tags: z.array(z.string().trim().min(2)).min(2).max(6),
    /** Markdown (content/README.md). */
    body: z.string().trim().min(1),
  })
  .strict();

export const articleEntrySchema = z
  .object({
    /** The article's name in the editor's list. */
    name: z.string().trim().min(1),
    /** A draft is shown while developing, never in a production build. */
    draft: z.boolean().optional(),
    date: z.iso.date(),
    category: z.enum(blogCategories),
    cover: z
      .string()
      .regex(
        /^\/images\/blog\/[a-z0-9-]+\/[\w./-]+\.(svg|png|jpe?g|webp|avif)$/,
        'a picture committed under public/images/blog/<the article>/',
      ),
    texts: perLanguage(articleTextsSchema),
  })
  .strict();

type ArticleTexts = z.infer<typeof articleTextsSchema>;

export type ArticleMeta = Omit<ArticleTexts, 'coverAlt' | 'body'> & {
  slug: string;
  date: string;
  category: BlogCategory;
  cover: { src: string; alt: string } & ImageSize;
  readingMinutes: number;
};
export type Article = ArticleMeta & { body: Root; outline: OutlineEntry[] };

// These words are taken by the blog's own pages.
const reservedSlugs = new Set(['page', 'category', 'rss.xml']);

const readArticleEntry = cache(async (slug: string) => {
  if (reservedSlugs.has(slug))
    throw new ContentError(`content/blog/${slug}: "${slug}" is taken by the blog's own pages`);
  const entry = await readEntry('blog', slug, articleEntrySchema);
  if (!entry.data.cover.startsWith(`/images/blog/${slug}/`))
    throw new ContentError(
      `${entry.file}: cover: the picture belongs in public/images/blog/${slug}/, beside its article`,
    );
  return entry;
});

/** The articles a build shows: every one but drafts (which only development shows). */
export const getArticleSlugs = cache(async (): Promise<string[]> => {
  const slugs = await entrySlugs('blog');
  const entries = await Promise.all(slugs.map(readArticleEntry));
  return slugs.filter((_, index) => showDrafts || !entries[index]!.data.draft);
});

const readArticle = cache(async (slug: string, locale: Locale) => {
  const { data, file } = await readArticleEntry(slug);
  const { coverAlt, body, ...texts } = textsFor(data.texts, locale, file);
  let cover: ImageSize;
  try {
    cover = resolveImageSize(data.cover);
  } catch (error) {
    throw new ContentError(`${file}: cover: ${errorMessage(error)}`);
  }
  const meta: ArticleMeta = {
    ...texts,
    slug,
    date: data.date,
    category: data.category,
    cover: { src: data.cover, alt: coverAlt, ...cover },
    readingMinutes: readingMinutes(countWords(body)),
  };
  return { meta, markdown: body, where: `${file}: texts.${localeInfo[locale].code}.body` };
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
    const { meta, markdown, where } = await readArticle(slug, locale);
    // Loaders run outside a request too (tests, feeds), so they translate on their own.
    const t = createTranslator({
      locale: formatLocale(locale),
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
      throw new ContentError(`${where}: ${errorMessage(error)}`);
    }
    await checkInternalLinks(body, where);
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
