import { getTranslations } from '@/i18n/server';
import type { BlogCategory } from '@/config/blog';
import { Link } from '@/i18n/navigation';
import { cn } from '@/lib/cn';
import { blogListPath } from './blog-paths';

type PaginationProps = { page: number; pages: number; category?: BlogCategory };

export async function Pagination({ page, pages, category }: PaginationProps) {
  if (pages < 2) return null;
  const t = await getTranslations('BlogPage');
  const numbers = Array.from({ length: pages }, (_, i) => i + 1);
  const item =
    'inline-flex h-11 min-w-11 items-center justify-center rounded-full border border-line px-4 font-semibold transition-colors hover:border-brand-500';
  return (
    <nav
      aria-label={t('paginationLabel')}
      className="mt-12 flex flex-wrap items-center justify-center gap-2"
    >
      {page > 1 ? (
        <Link href={blogListPath({ category, page: page - 1 })} rel="prev" className={item}>
          {t('previousPage')}
        </Link>
      ) : null}
      {numbers.map((n) => (
        <Link
          key={n}
          href={blogListPath({ category, page: n })}
          aria-current={n === page ? 'page' : undefined}
          aria-label={t('page', { page: n })}
          className={cn(
            item,
            n === page && 'border-brand-700 bg-brand-700 text-white hover:border-brand-700',
          )}
        >
          {n}
        </Link>
      ))}
      {page < pages ? (
        <Link href={blogListPath({ category, page: page + 1 })} rel="next" className={item}>
          {t('nextPage')}
        </Link>
      ) : null}
    </nav>
  );
}
