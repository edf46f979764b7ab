import type { APIRoute } from 'astro';
import { siteConfig } from '@/config/site';
import { env } from '@/env';
import { localeInfo } from '@/i18n/locales';
import { langStaticPaths, localeOfParam } from '@/i18n/page-locale';
import { getTranslations } from '@/i18n/server';
import { renderRss } from '@/lib/rss';
import { getArticles } from '@/server/content/blog';

// Built once per language at build time, like the pages.
export const getStaticPaths = langStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const locale = localeOfParam(params.lang);
  const lang = localeInfo[locale].code;
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
};
