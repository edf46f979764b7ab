import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { blogListMetadata } from '@/server/seo/blog-metadata';
import { BlogIndex } from '@/components/blog/blog-index';
import { blogCategories, blogConfig, type BlogCategory } from '@/config/blog';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { paginate } from '@/lib/paginate';
import { getArticlesInCategory } from '@/server/content/blog';

type CategoryPageProps = { params: Promise<LangParams & { category: string }> };

export function generateStaticParams() {
  return blogCategories.map((category) => ({ category }));
}

const isCategory = (value: string): value is BlogCategory =>
  (blogCategories as readonly string[]).includes(value);

export async function generateMetadata({ params }: CategoryPageProps): Promise<Metadata> {
  const { category } = await params;
  return isCategory(category) ? blogListMetadata(await resolveLocale(params), 1, category) : {};
}

export default async function CategoryPage({ params }: CategoryPageProps) {
  const locale = await resolveLocale(params);
  const { category } = await params;
  if (!isCategory(category)) notFound();
  const list = paginate(await getArticlesInCategory(locale, category), 1, blogConfig.postsPerPage)!;
  return <BlogIndex list={list} category={category} />;
}
