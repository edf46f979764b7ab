import 'server-only';
import type { BlogCategory } from '@/config/blog';
import { siteConfig } from '@/config/site';
import { localeInfo, type Locale } from '@/i18n/locales';
import { getTranslations } from '@/i18n/server';
import { pageHead, type PageHead } from '@/server/seo/metadata';
import { blogListSeo } from '@/server/seo/pages';

/** The head of a blog list page, with the language's RSS feed announced. */
export async function blogListHead(
  locale: Locale,
  page: number,
  category?: BlogCategory,
): Promise<PageHead> {
  const t = await getTranslations({ locale, namespace: 'BlogPage' });
  return pageHead(await blogListSeo(locale, page, category), {
    href: `/${localeInfo[locale].code}/blog/rss.xml`,
    title: t('rssTitle', { brand: siteConfig.name }),
  });
}
