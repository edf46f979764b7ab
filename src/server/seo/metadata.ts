import 'server-only';
import { siteConfig } from '@/config/site';
import { pagesSiteUrl } from '@/env';
import { localeInfo, locales, type Locale } from '@/i18n/locales';
import type { PageSeo } from './pages';

/** The absolute address of a page in a language: `https://agency.example/kz/blog`. */
export function pageUrl(locale: Locale, path: PageSeo['path']): string {
  return `${pagesSiteUrl}/${localeInfo[locale].code}${path}`;
}

/**
 * The page in every language, by hreflang, and `x-default`, which points at
 * `/`: the address that picks the visitor's language.
 */
export function languageAlternates(path: PageSeo['path']): Record<string, string> {
  const alternates: Record<string, string> = {};
  for (const locale of locales) alternates[localeInfo[locale].hreflang] = pageUrl(locale, path);
  alternates['x-default'] = `${pagesSiteUrl}/`;
  return alternates;
}

/** A `<meta>` of the head: `name` for search engines, `property` for Open Graph. */
export type HeadMeta = { name: string; content: string } | { property: string; content: string };

/** What a page's `<head>` says about it (src/layouts/seo-head.astro writes it out). */
export type PageHead = {
  title: string;
  description: string;
  /** Only for pages that are not to be indexed (a 404, a form's answer). */
  robots?: string;
  canonical?: string;
  alternates: { hreflang: string; href: string }[];
  metas: HeadMeta[];
  /** The language's RSS feed, announced on the blog's lists. */
  feed?: { href: string; title: string };
};

/** The Open Graph image of a page: beside its address (src/pages/[lang]/[...page]/opengraph-image.png.ts). */
export function ogImageUrl(locale: Locale, path: PageSeo['path']): string {
  return `${pageUrl(locale, path)}/opengraph-image.png`;
}

/**
 * A page's `<head>`: its title with the brand (the home page's is complete as
 * it is), the description, the canonical address and its three other
 * languages, and the Open Graph and Twitter cards with the page's own image.
 */
export function pageHead(seo: PageSeo, feed?: PageHead['feed']): PageHead {
  const { locale, path, description } = seo;
  const url = pageUrl(locale, path);
  const title = seo.absoluteTitle ? seo.title : `${seo.title} | ${siteConfig.name}`;
  const image = ogImageUrl(locale, path);
  const og = (property: string, content: string): HeadMeta => ({ property, content });
  const metas: HeadMeta[] = [
    og('og:title', title),
    og('og:description', description),
    og('og:url', url),
    og('og:site_name', siteConfig.name),
    og('og:locale', localeInfo[locale].ogLocale),
    ...locales
      .filter((other) => other !== locale)
      .map((other) => og('og:locale:alternate', localeInfo[other].ogLocale)),
    og('og:image', image),
    og('og:image:width', '1200'),
    og('og:image:height', '630'),
    og('og:image:type', 'image/png'),
    og('og:image:alt', seo.title),
  ];
  if (seo.article) {
    metas.push(
      og('og:type', 'article'),
      og('article:published_time', seo.article.published),
      ...(seo.lastModified ? [og('article:modified_time', seo.lastModified)] : []),
      og('article:author', seo.article.author),
      og('article:section', seo.article.section),
      ...seo.article.tags.map((tag) => og('article:tag', tag)),
    );
  } else {
    metas.push(og('og:type', 'website'));
  }
  metas.push(
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
  );
  return {
    title,
    description,
    canonical: url,
    alternates: Object.entries(languageAlternates(path)).map(([hreflang, href]) => ({
      hreflang,
      href,
    })),
    metas,
    feed,
  };
}

/** The head of a page that is not to be indexed: a 404, the answer to a form. */
export function unindexedHead(title: string, description: string): PageHead {
  return {
    title: `${title} | ${siteConfig.name}`,
    description,
    robots: 'noindex, follow',
    alternates: [],
    metas: [],
  };
}
