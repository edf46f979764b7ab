import { getTranslations } from '@/i18n/server';
import { blogCategories, type BlogCategory } from '@/config/blog';
import { FilterNav } from '@/components/ui/filter-nav';
import { blogListPath } from './blog-paths';

/** The category filter: each category is its own static page. */
export async function CategoryNav({ current }: { current?: BlogCategory }) {
  const t = await getTranslations('BlogPage');
  const entries = [
    { key: 'all', label: t('all'), href: blogListPath(), active: !current },
    ...blogCategories.map((category) => ({
      key: category,
      label: t(`categories.${category}`),
      href: blogListPath({ category }),
      active: current === category,
    })),
  ];
  return <FilterNav label={t('categoriesLabel')} entries={entries} />;
}
