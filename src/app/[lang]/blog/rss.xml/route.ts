import { getTranslations } from 'next-intl/server';
import { siteConfig } from '@/config/site';
import { env } from '@/env';
import { localeInfo } from '@/i18n/locales';
import { langStaticParams, languageRoute } from '@/i18n/page-locale';
import { renderRss } from '@/lib/rss';
import { getArticles } from '@/server/content/blog';

// Built once per language at build time, like the pages.
export const dynamic = 'force-static';
export const generateStaticParams = langStaticParams;

export const GET = languageRoute(async (locale, lang) => {
  const t = await getTranslations({ locale, namespace: 'BlogPage' });
  const base = `${env.SITE_URL}/${lang}`;
  const xml = renderRss({
    title: t('rssTitle', { brand: siteConfig.name }),
    description: t('metaDescription', { brand: siteConfig.name }),
    link: `${base}/blog`,
    self: `${base}/blog/rss.xml`,
    language: localeInfo[locale].hreflang,
    items: (await getArticles(locale)).map((article) => ({
      title: article.title,
      url: `${base}/blog/${article.slug}`,
      description: article.description,
      date: article.date,
      category: t(`categories.${article.category}`),
      author: article.author,
    })),
  });
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
});
