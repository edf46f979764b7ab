import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { MarkdownBody } from '@/components/content/markdown-body';
import { notFoundMetadata } from '@/components/errors/not-found-metadata';
import { PageHeader } from '@/components/layout/page-header';
import { Container } from '@/components/ui/container';
import { Link } from '@/i18n/navigation';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { getArticle, getArticleSlugs } from '@/server/content/blog';

type ArticlePageProps = { params: Promise<LangParams & { slug: string }> };

export async function generateStaticParams() {
  return (await getArticleSlugs()).map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: ArticlePageProps): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const { slug } = await params;
  const article = await getArticle(slug, locale);
  return article ? { title: article.title, description: article.description } : notFoundMetadata();
}

export default async function ArticlePage({ params }: ArticlePageProps) {
  const locale = await resolveLocale(params);
  const { slug } = await params;
  const article = await getArticle(slug, locale);
  if (!article) notFound();
  const t = await getTranslations('ArticlePage');
  const format = await getFormatter();

  return (
    <article>
      <PageHeader
        title={article.title}
        intro={
          <p>
            {t('published')}{' '}
            <time dateTime={article.date}>
              {format.dateTime(new Date(`${article.date}T12:00:00Z`), { dateStyle: 'long' })}
            </time>
          </p>
        }
      />
      <Container className="py-12 sm:py-16">
        <MarkdownBody tree={article.body} />
        <Link href="/blog" className="mt-12 inline-block font-semibold text-brand-700">
          {t('backToBlog')}
        </Link>
      </Container>
    </article>
  );
}
