import { getTranslations } from 'next-intl/server';
import { blogCategories, type BlogCategory } from '@/config/blog';
import { Link } from '@/i18n/navigation';
import { cn } from '@/lib/cn';
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
  return (
    <nav aria-label={t('categoriesLabel')}>
      <ul className="flex flex-wrap gap-2">
        {entries.map((entry) => (
          <li key={entry.key}>
            <Link
              href={entry.href}
              aria-current={entry.active ? 'page' : undefined}
              className={cn('chip', entry.active && 'chip-active')}
            >
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
