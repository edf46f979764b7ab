import type { Metadata } from 'next';
import { blogListMetadata } from '@/server/seo/blog-metadata';
import { BlogIndex } from '@/components/blog/blog-index';
import { blogConfig } from '@/config/blog';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { paginate } from '@/lib/paginate';
import { getArticles } from '@/server/content/blog';

type BlogPageProps = { params: Promise<LangParams> };

export async function generateMetadata({ params }: BlogPageProps): Promise<Metadata> {
  return blogListMetadata(await resolveLocale(params), 1);
}

export default async function BlogPage({ params }: BlogPageProps) {
  const locale = await resolveLocale(params);
  const list = paginate(await getArticles(locale), 1, blogConfig.postsPerPage)!;
  return <BlogIndex list={list} />;
}
