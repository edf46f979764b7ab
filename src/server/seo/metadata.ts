import 'server-only';
import type { Metadata } from 'next';
import { siteConfig } from '@/config/site';
import { env } from '@/env';
import { localeInfo, locales, type Locale } from '@/i18n/locales';
import type { PageSeo } from './pages';

/** The absolute address of a page in a language: `https://agency.example/kz/blog`. */
export function pageUrl(locale: Locale, path: PageSeo['path']): string {
  return `${env.SITE_URL}/${localeInfo[locale].code}${path}`;
}

/**
 * The page in every language, by hreflang, and `x-default`, which points at
 * `/`: the address that picks the visitor's language (BEHAVIOUR.md section 1).
 */
export function languageAlternates(path: PageSeo['path']): Record<string, string> {
  const alternates: Record<string, string> = {};
  for (const locale of locales) alternates[localeInfo[locale].hreflang] = pageUrl(locale, path);
  alternates['x-default'] = `${env.SITE_URL}/`;
  return alternates;
}

/**
 * A page's `<head>`: its title (the layout's template adds the brand), the
 * description, the canonical address and its three other languages, and the
 * Open Graph and Twitter cards. The Open Graph image comes from the route's
 * `opengraph-image`, which Next.js adds to the cards by itself.
 */
export function pageMetadata(seo: PageSeo, extra: Metadata = {}): Metadata {
  const { locale, path, title, description } = seo;
  const url = pageUrl(locale, path);
  const fullTitle = seo.absoluteTitle ? title : `${title} | ${siteConfig.name}`;
  return {
    ...extra,
    title: seo.absoluteTitle ? { absolute: title } : title,
    description,
    alternates: { ...extra.alternates, canonical: url, languages: languageAlternates(path) },
    openGraph: {
      siteName: siteConfig.name,
      title: fullTitle,
      description,
      url,
      locale: localeInfo[locale].ogLocale,
      alternateLocale: locales
        .filter((other) => other !== locale)
        .map((other) => localeInfo[other].ogLocale),
      ...(seo.article
        ? {
            type: 'article',
            publishedTime: seo.article.published,
            modifiedTime: seo.lastModified,
            authors: [seo.article.author],
            section: seo.article.section,
            tags: seo.article.tags,
          }
        : { type: 'website' }),
    },
    twitter: { card: 'summary_large_image', title: fullTitle, description },
  };
}
