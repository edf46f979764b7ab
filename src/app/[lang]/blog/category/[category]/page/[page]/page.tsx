import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { blogListMetadata } from '@/server/seo/blog-metadata';
import { BlogIndex } from '@/components/blog/blog-index';
import { blogCategories, blogConfig, type BlogCategory } from '@/config/blog';
import { defaultLocale } from '@/i18n/locales';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { laterPages, paginate } from '@/lib/paginate';
import { getArticlesInCategory } from '@/server/content/blog';

type CategoryListPageProps = { params: Promise<LangParams & { category: string; page: string }> };

export async function generateStaticParams() {
  const params = await Promise.all(
    blogCategories.map(async (category) =>
      laterPages(
        (await getArticlesInCategory(defaultLocale, category)).length,
        blogConfig.postsPerPage,
      ).map((page) => ({ category, page })),
    ),
  );
  return params.flat();
}

const isCategory = (value: string): value is BlogCategory =>
  (blogCategories as readonly string[]).includes(value);

export async function generateMetadata({ params }: CategoryListPageProps): Promise<Metadata> {
  const { category, page } = await params;
  return isCategory(category)
    ? blogListMetadata(await resolveLocale(params), Number(page), category)
    : {};
}

export default async function CategoryListPage({ params }: CategoryListPageProps) {
  const locale = await resolveLocale(params);
  const { category, page } = await params;
  if (!isCategory(category)) notFound();
  const n = Number(page);
  const list =
    n > 1
      ? paginate(await getArticlesInCategory(locale, category), n, blogConfig.postsPerPage)
      : undefined;
  if (!list) notFound();
  return <BlogIndex list={list} category={category} />;
}
