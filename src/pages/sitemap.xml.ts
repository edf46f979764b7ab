import type { APIRoute } from 'astro';
import { locales } from '@/i18n/locales';
import { renderSitemap } from '@/lib/sitemap';
import { languageAlternates, pageUrl } from '@/server/seo/metadata';
import { sitePages } from '@/server/seo/pages';

/**
 * `/sitemap.xml`: every page in every language, each with its alternates in
 * the other three and `x-default`, and `lastmod` from the content's dates.
 */
export const GET: APIRoute = async () => {
  const pages = (await Promise.all(locales.map((locale) => sitePages(locale)))).flat();
  const xml = renderSitemap(
    pages.map((page) => ({
      url: pageUrl(page.locale, page.path),
      lastModified: page.lastModified,
      alternates: languageAlternates(page.path),
    })),
  );
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
