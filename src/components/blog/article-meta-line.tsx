import { getLocale, getTranslations } from '@/i18n/server';
import { siteConfig } from '@/config/site';
import { longDate } from '@/lib/format/kazakh';
import type { ArticleMeta } from '@/server/content/blog';

type ArticleMetaLineProps = {
  article: Pick<ArticleMeta, 'date' | 'readingMinutes'>;
  className?: string;
};

/** "24 March 2026 · 6 min read", in the page's language. */
export async function ArticleMetaLine({ article, className }: ArticleMetaLineProps) {
  const t = await getTranslations('BlogPage');
  const locale = await getLocale();
  return (
    <p className={className}>
      <time dateTime={article.date}>
        {longDate(locale, new Date(`${article.date}T12:00:00Z`), { timeZone: siteConfig.timeZone })}
      </time>
      <span aria-hidden="true"> · </span>
      <span className="sr-only">, </span>
      {t('readingTime', { minutes: article.readingMinutes })}
    </p>
  );
}
