import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { renderSitemap } from './sitemap';

describe('renderSitemap', () => {
  it('lists each page with its lastmod and its alternates, escaped', () => {
    const xml = renderSitemap([
      {
        url: 'https://agency.example/kz/blog?a=1&b=2',
        lastModified: '2026-03-24',
        alternates: {
          'kk-KZ': 'https://agency.example/kz/blog',
          'x-default': 'https://agency.example/',
        },
      },
      { url: 'https://agency.example/kz/contacts', alternates: {} },
    ]);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      isArray: (name) => name === 'url',
    }).parse(xml) as { urlset: { url: Array<Record<string, unknown>> } };
    const [blog, contacts] = parsed.urlset.url;
    expect(blog).toMatchObject({
      loc: 'https://agency.example/kz/blog?a=1&b=2',
      lastmod: '2026-03-24',
    });
    expect(blog!['xhtml:link']).toEqual([
      { '@_rel': 'alternate', '@_hreflang': 'kk-KZ', '@_href': 'https://agency.example/kz/blog' },
      { '@_rel': 'alternate', '@_hreflang': 'x-default', '@_href': 'https://agency.example/' },
    ]);
    expect(contacts).not.toHaveProperty('lastmod');
  });
});
