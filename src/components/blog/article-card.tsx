import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import type { ArticleMeta } from '@/server/content/blog';
import { ArticleMetaLine } from './article-meta-line';
import { articlePath, blogListPath } from './blog-paths';

type ArticleCardProps = {
  article: ArticleMeta;
  headingLevel?: 'h2' | 'h3';
  /** The first card of a list, on screen at once: its cover loads first, not lazily. */
  priority?: boolean;
};

/** A card in an article list: cover, category, title, description, date and reading time. */
export async function ArticleCard({
  article,
  headingLevel: Heading = 'h2',
  priority = false,
}: ArticleCardProps) {
  const t = await getTranslations('BlogPage');
  return (
    <article className="group article-card">
      {/* The cover repeats the title for sighted readers; the link below names the article. */}
      {/* eslint-disable-next-line @next/next/no-img-element -- a committed SVG or optimised raster, sized */}
      <img
        src={article.cover.src}
        alt=""
        width={article.cover.width}
        height={article.cover.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className="aspect-[1200/630] w-full bg-brand-50 object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <Link href={blogListPath({ category: article.category })} className="pill">
          {t(`categories.${article.category}`)}
        </Link>
        <Heading className="mt-3 text-xl leading-snug font-bold">
          <Link
            href={articlePath(article.slug)}
            className="group-hover:text-brand-700 after:absolute after:inset-0"
          >
            {article.title}
          </Link>
        </Heading>
        <p className="mt-3 flex-1 leading-relaxed text-muted">{article.description}</p>
        <ArticleMetaLine article={article} className="mt-5 text-sm text-muted" />
      </div>
    </article>
  );
}
