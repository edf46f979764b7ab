import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { BlogCategory } from '@/config/blog';
import { siteConfig } from '@/config/site';
import { localeInfo, type Locale } from '@/i18n/locales';

/** Title and description of a blog list page, with the language's RSS feed announced. */
export async function blogListMetadata(
  locale: Locale,
  page: number,
  category?: BlogCategory,
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'BlogPage' });
  const name = category ? t(`categories.${category}`) : t('metaTitle');
  return {
    title: page > 1 ? `${name} · ${t('page', { page })}` : name,
    description: category
      ? t(`categoryIntro.${category}`, { brand: siteConfig.name })
      : t('metaDescription', { brand: siteConfig.name }),
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
  };
}
