import type { MetadataRoute } from 'next';
import { locales } from '@/i18n/locales';
import { languageAlternates, pageUrl } from '@/server/seo/metadata';
import { sitePages } from '@/server/seo/pages';

/**
 * `/sitemap.xml`: every page in every language, each with its alternates in
 * the other three and `x-default`, and `lastmod` from the content's dates.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const pages = (await Promise.all(locales.map((locale) => sitePages(locale)))).flat();
  return pages.map((page) => ({
    url: pageUrl(page.locale, page.path),
    ...(page.lastModified ? { lastModified: page.lastModified } : {}),
    alternates: { languages: languageAlternates(page.path) },
  }));
}
