import { escapeXml } from './rss';

export type SitemapEntry = {
  url: string;
  /** YYYY-MM-DD, when the content has a date. */
  lastModified?: string;
  /** The page in each language by hreflang, and `x-default`. */
  alternates: Record<string, string>;
};

/** A sitemap (sitemaps.org) with each page's language alternates as `xhtml:link`. */
export function renderSitemap(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const links = Object.entries(entry.alternates)
      .map(
        ([hreflang, href]) =>
          `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`,
      )
      .join('');
    const lastmod = entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : '';
    return `<url><loc>${escapeXml(entry.url)}</loc>${lastmod}${links}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}
