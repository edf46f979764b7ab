import type { Metadata } from 'next';
import { getTranslations } from '@/i18n/server';
import type { BlogCategory } from '@/config/blog';
import { siteConfig } from '@/config/site';
import { localeInfo, type Locale } from '@/i18n/locales';
import { pageMetadata } from '@/server/seo/metadata';
import { blogListSeo } from '@/server/seo/pages';

/** The head of a blog list page, with the language's RSS feed announced. */
export async function blogListMetadata(
  locale: Locale,
  page: number,
  category?: BlogCategory,
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'BlogPage' });
  return pageMetadata(await blogListSeo(locale, page, category), {
    alternates: {
      types: {
        'application/rss+xml': [
          {
            url: `/${localeInfo[locale].code}/blog/rss.xml`,
            title: t('rssTitle', { brand: siteConfig.name }),
          },
        ],
      },
    },
  });
}
