import { getLocale, getTranslations } from 'next-intl/server';
import { localeInfo } from '@/i18n/locales';
import { cn } from '@/lib/cn';

/** The visible link to the language's RSS feed (a route handler, so a plain <a>). */
export async function RssLink({ className }: { className?: string }) {
  const t = await getTranslations('BlogPage');
  const locale = await getLocale();
  return (
    <p className={cn('text-center', className)}>
      <a
        href={`/${localeInfo[locale].code}/blog/rss.xml`}
        type="application/rss+xml"
        className="inline-flex items-center gap-2 rounded font-semibold text-brand-700 underline decoration-brand-200 decoration-2 underline-offset-4 hover:decoration-brand-700"
      >
        <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4 fill-current">
          <path d="M3 3a14 14 0 0 1 14 14h-3A11 11 0 0 0 3 6zm0 5a9 9 0 0 1 9 9H9a6 6 0 0 0-6-6zm2 5a2 2 0 1 1 0 4 2 2 0 0 1 0-4z" />
        </svg>
        {t('rss')}
      </a>
    </p>
  );
}
