import type { BlogCategory } from '@/config/blog';
import type { PagePath } from '@/config/navigation';

/** The address of a page of the blog list, without the language prefix. */
export function blogListPath({
  category,
  page = 1,
}: { category?: BlogCategory; page?: number } = {}): PagePath {
  const base: PagePath = category ? `/blog/category/${category}` : '/blog';
  return page > 1 ? `${base}/page/${page}` : base;
}

export const articlePath = (slug: string): PagePath => `/blog/${slug}`;
