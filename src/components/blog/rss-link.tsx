import { getLocale, getTranslations } from '@/i18n/server';
import { localeInfo } from '@/i18n/locales';
import { Icon } from '@/components/ui/icon';
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
        className="text-link inline-flex items-center gap-2 rounded font-semibold"
      >
        <Icon name="rss" className="size-4" />
        {t('rss')}
      </a>
    </p>
  );
}
