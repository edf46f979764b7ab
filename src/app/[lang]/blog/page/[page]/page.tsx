import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { blogListMetadata } from '@/server/seo/blog-metadata';
import { BlogIndex } from '@/components/blog/blog-index';
import { blogConfig } from '@/config/blog';
import { defaultLocale } from '@/i18n/locales';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { laterPages, paginate } from '@/lib/paginate';
import { getArticles } from '@/server/content/blog';

type BlogListPageProps = { params: Promise<LangParams & { page: string }> };

// Every language has the same articles, so the same number of pages.
export async function generateStaticParams() {
  return laterPages((await getArticles(defaultLocale)).length, blogConfig.postsPerPage).map(
    (page) => ({ page }),
  );
}

export async function generateMetadata({ params }: BlogListPageProps): Promise<Metadata> {
  return blogListMetadata(await resolveLocale(params), Number((await params).page));
}

/** Page 2, 3 … of the blog list; page 1 is /blog itself. */
export default async function BlogListPage({ params }: BlogListPageProps) {
  const locale = await resolveLocale(params);
  const page = Number((await params).page);
  const list =
    page > 1 ? paginate(await getArticles(locale), page, blogConfig.postsPerPage) : undefined;
  if (!list) notFound();
  return <BlogIndex list={list} />;
}
