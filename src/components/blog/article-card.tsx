import { getTranslations } from '@/i18n/server';
import { CardCover, CardGrid, CardTitle, type CardGridOptions } from '@/components/ui/card';
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
      <CardCover image={article.cover} aspect="aspect-[1200/630]" priority={priority} fetchFirst />
      <div className="flex flex-1 flex-col p-6">
        <Link href={blogListPath({ category: article.category })} className="pill">
          {t(`categories.${article.category}`)}
        </Link>
        <CardTitle as={Heading} href={articlePath(article.slug)} className="mt-3">
          {article.title}
        </CardTitle>
        <p className="mt-3 flex-1 leading-relaxed text-muted">{article.description}</p>
        <ArticleMetaLine article={article} className="mt-5 text-sm text-muted" />
      </div>
    </article>
  );
}

/** Article cards in a grid of up to three columns. */
export function ArticleGrid({
  articles,
  ...options
}: { articles: ArticleMeta[] } & CardGridOptions) {
  return (
    <CardGrid
      items={articles}
      {...options}
      card={(article, props) => <ArticleCard article={article} {...props} />}
    />
  );
}
