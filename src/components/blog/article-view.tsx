import { getTranslations } from '@/i18n/server';
import { MarkdownBody } from '@/components/content/markdown-body';
import { buttonClass } from '@/components/ui/button';
import { Part } from '@/components/ui/part';
import { Picture } from '@/components/ui/picture';
import { Container } from '@/components/ui/container';
import { siteConfig } from '@/config/site';
import { Link } from '@/i18n/navigation';
import type { Article, ArticleMeta } from '@/server/content/blog';
import { ArticleGrid } from './article-card';
import { ArticleMetaLine } from './article-meta-line';
import { articlePath, blogListPath } from './blog-paths';

/** Articles with this many sections get a table of contents. */
const tocFromSections = 4;

type ArticleViewProps = {
  article: Article;
  related: ArticleMeta[];
  newer?: ArticleMeta;
  older?: ArticleMeta;
};

export async function ArticleView({ article, related, newer, older }: ArticleViewProps) {
  const t = await getTranslations('ArticlePage');
  const tBlog = await getTranslations('BlogPage');
  const sections = article.outline.filter((entry) => entry.depth === 2);
  const showToc = sections.length >= tocFromSections;

  return (
    <>
      <article>
        <header className="border-b border-line bg-gradient-to-b from-brand-50 to-white">
          <Container className="py-12 sm:py-16">
            <nav aria-label={tBlog('title')} className="flex flex-wrap items-center gap-3 text-sm">
              <Link href={blogListPath()} className="font-semibold text-brand-700 hover:underline">
                {tBlog('title')}
              </Link>
              <span aria-hidden="true" className="text-muted">
                /
              </span>
              <Link
                href={blogListPath({ category: article.category })}
                className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold tracking-wide text-brand-800 uppercase hover:bg-brand-100"
              >
                {tBlog(`categories.${article.category}`)}
              </Link>
            </nav>
            <h1 className="mt-5 max-w-4xl text-3xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
              {article.title}
            </h1>
            <p className="mt-5 max-w-3xl text-lg leading-relaxed text-muted">
              {article.description}
            </p>
            <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-muted">
              <p>
                <span className="sr-only">{t('author')}: </span>
                <span className="font-semibold text-ink">{article.author}</span>
              </p>
              <ArticleMetaLine article={article} />
            </div>
          </Container>
        </header>

        <Container className="py-10 sm:py-14">
          <Picture
            image={article.cover}
            load="first"
            className="aspect-[1200/630] w-full max-w-4xl rounded-3xl bg-brand-50 object-cover"
          />
          <div
            className={showToc ? 'mt-12 grid gap-12 lg:grid-cols-[minmax(0,1fr)_16rem]' : 'mt-12'}
          >
            {showToc ? (
              <Part
                as="nav"
                id="toc-title"
                title={t('toc')}
                titleClassName="text-sm font-semibold tracking-wide text-muted uppercase"
                className="lg:sticky lg:top-24 lg:order-2 lg:self-start"
              >
                <ol className="mt-3 space-y-2 border-l border-line pl-4 text-[0.9375rem]">
                  {sections.map((entry) => (
                    <li key={entry.id}>
                      <a href={`#${entry.id}`} className="rounded text-ink hover:text-brand-700">
                        {entry.text}
                      </a>
                    </li>
                  ))}
                </ol>
              </Part>
            ) : null}
            <div className="min-w-0">
              <MarkdownBody tree={article.body} />
              {/* The article's end: coming into view is the goal "article read" (src/components/consent). */}
              <div data-article-end={article.slug} aria-hidden="true" />
              <ul aria-label={t('tags')} className="mt-10 flex flex-wrap gap-2">
                {article.tags.map((tag) => (
                  <li key={tag} className="rounded-full bg-surface px-3 py-1 text-sm text-muted">
                    #{tag}
                  </li>
                ))}
              </ul>
              <Part
                as="aside"
                id="subscribe-title"
                title={t('subscribeTitle')}
                titleClassName="text-xl font-bold"
                className="mt-12 max-w-3xl rounded-3xl bg-brand-900 p-8 text-white"
              >
                <p className="mt-2 leading-relaxed text-slate-200">{t('subscribeText')}</p>
                <a
                  href={siteConfig.telegramChannel}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClass({ variant: 'inverse', className: 'mt-6' })}
                >
                  {t('subscribeButton')}
                </a>
              </Part>
            </div>
          </div>
        </Container>
      </article>

      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="border-t border-line bg-surface">
          <Container className="py-14">
            <h2 id="related-title" className="text-2xl font-bold">
              {t('relatedTitle')}
            </h2>
            <ArticleGrid articles={related} headingLevel="h3" className="mt-8" />
          </Container>
        </section>
      ) : null}

      {newer || older ? (
        <Container className="py-10">
          <nav aria-label={t('moreArticles')} className="grid gap-4 sm:grid-cols-2">
            {older ? (
              <Link
                href={articlePath(older.slug)}
                rel="prev"
                className="rounded-2xl border border-line p-5 hover:border-brand-500"
              >
                <span className="block text-sm text-muted">← {t('older')}</span>
                <span className="mt-1 block font-semibold">{older.title}</span>
              </Link>
            ) : (
              <span />
            )}
            {newer ? (
              <Link
                href={articlePath(newer.slug)}
                rel="next"
                className="rounded-2xl border border-line p-5 text-right hover:border-brand-500"
              >
                <span className="block text-sm text-muted">{t('newer')} →</span>
                <span className="mt-1 block font-semibold">{newer.title}</span>
              </Link>
            ) : null}
          </nav>
        </Container>
      ) : null}
    </>
  );
}
