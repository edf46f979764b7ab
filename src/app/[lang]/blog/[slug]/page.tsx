import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ArticleView } from '@/components/blog/article-view';
import { notFoundMetadata } from '@/components/errors/not-found-metadata';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { getArticle, getArticleNeighbours, getArticleSlugs } from '@/server/content/blog';

type ArticlePageProps = { params: Promise<LangParams & { slug: string }> };

export async function generateStaticParams() {
  return (await getArticleSlugs()).map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: ArticlePageProps): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const article = await getArticle((await params).slug, locale);
  return article ? { title: article.title, description: article.description } : notFoundMetadata();
}

export default async function ArticlePage({ params }: ArticlePageProps) {
  const locale = await resolveLocale(params);
  const { slug } = await params;
  const article = await getArticle(slug, locale);
  if (!article) notFound();
  return <ArticleView article={article} {...await getArticleNeighbours(slug, locale)} />;
}
