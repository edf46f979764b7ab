import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ArticleView } from '@/components/blog/article-view';
import { notFoundMetadata } from '@/server/seo/not-found-metadata';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { JsonLd } from '@/components/seo/json-ld';
import { getArticle, getArticleNeighbours, getArticleSlugs } from '@/server/content/blog';
import { blogPostingLd, breadcrumbLd } from '@/server/seo/json-ld';
import { pageMetadata } from '@/server/seo/metadata';
import { articleSeo } from '@/server/seo/pages';

type ArticlePageProps = { params: Promise<LangParams & { slug: string }> };

export async function generateStaticParams() {
  return (await getArticleSlugs()).map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: ArticlePageProps): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const seo = await articleSeo(locale, (await params).slug);
  return seo ? pageMetadata(seo) : notFoundMetadata();
}

export default async function ArticlePage({ params }: ArticlePageProps) {
  const locale = await resolveLocale(params);
  const { slug } = await params;
  const article = await getArticle(slug, locale);
  const seo = await articleSeo(locale, slug);
  if (!article || !seo) notFound();
  return (
    <>
      <ArticleView article={article} {...await getArticleNeighbours(slug, locale)} />
      <JsonLd nodes={[breadcrumbLd(seo), blogPostingLd(seo)]} />
    </>
  );
}
