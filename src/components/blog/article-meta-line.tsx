import { getFormatter, getTranslations } from '@/i18n/server';
import type { ArticleMeta } from '@/server/content/blog';

type ArticleMetaLineProps = {
  article: Pick<ArticleMeta, 'date' | 'readingMinutes'>;
  className?: string;
};

/** "24 March 2026 · 6 min read", in the page's language. */
export async function ArticleMetaLine({ article, className }: ArticleMetaLineProps) {
  const t = await getTranslations('BlogPage');
  const format = await getFormatter();
  return (
    <p className={className}>
      <time dateTime={article.date}>
        {format.dateTime(new Date(`${article.date}T12:00:00Z`), { dateStyle: 'long' })}
      </time>
      <span aria-hidden="true"> · </span>
      <span className="sr-only">, </span>
      {t('readingTime', { minutes: article.readingMinutes })}
    </p>
  );
}
