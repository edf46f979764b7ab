import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { escapeXml, renderRss } from './rss';

/** The parts of the parsed feed the test reads. */
type RssDocument = {
  rss: {
    '@_version': string;
    channel: {
      title: string;
      description: string;
      'atom:link': { '@_href': string };
      item: { title: string; pubDate: string; guid: { '#text': string } };
    };
  };
};

const feed = {
  title: 'Блог Ortus Digital',
  description: 'Статьи & новости <агентства>',
  link: 'https://agency.example/ru/blog',
  self: 'https://agency.example/ru/blog/rss.xml',
  language: 'ru-RU',
  items: [
    {
      title: 'SEO "чек-лист" & <запуск>',
      url: 'https://agency.example/ru/blog/seo-launch-checklist',
      description: 'Что проверить до запуска',
      date: '2026-03-24',
      category: 'Маркетинг',
      author: 'Айгерим Садыкова',
    },
  ],
};

describe('renderRss', () => {
  it('produces well-formed RSS 2.0 with escaped text', () => {
    const xml = renderRss(feed);
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(xml) as RssDocument;
    expect(doc.rss['@_version']).toBe('2.0');
    const channel = doc.rss.channel;
    expect(channel.title).toBe('Блог Ortus Digital');
    expect(channel.description).toBe('Статьи & новости <агентства>');
    expect(channel['atom:link']['@_href']).toBe(feed.self);
    expect(channel.item.title).toBe('SEO "чек-лист" & <запуск>');
    expect(channel.item.pubDate).toBe('Tue, 24 Mar 2026 12:00:00 GMT');
    expect(channel.item.guid['#text']).toBe(feed.items[0]!.url);
  });

  it('escapes markup and drops characters XML forbids', () => {
    expect(escapeXml(`<a href="x">'&'</a>\u0001`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;',
    );
  });
});
