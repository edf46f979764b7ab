export type FeedItem = {
  title: string;
  url: string;
  description: string;
  /** YYYY-MM-DD */
  date: string;
  category: string;
  author: string;
};

export type Feed = {
  title: string;
  description: string;
  /** The HTML page the feed belongs to. */
  link: string;
  /** The feed's own address. */
  self: string;
  /** BCP 47, e.g. kk-KZ. */
  language: string;
  items: FeedItem[];
};

export function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // Characters XML 1.0 does not allow at all.
      // eslint-disable-next-line no-control-regex -- matching them is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
  );
}

/** RFC 822 date, as RSS 2.0 wants it; a publication day is stamped at noon UTC. */
const rfc822 = (date: string) => new Date(`${date}T12:00:00Z`).toUTCString();

/** An RSS 2.0 document; items in the order given (newest first). */
export function renderRss(feed: Feed): string {
  const e = escapeXml;
  const items = feed.items
    .map(
      (item) => `    <item>
      <title>${e(item.title)}</title>
      <link>${e(item.url)}</link>
      <guid isPermaLink="true">${e(item.url)}</guid>
      <description>${e(item.description)}</description>
      <category>${e(item.category)}</category>
      <dc:creator>${e(item.author)}</dc:creator>
      <pubDate>${rfc822(item.date)}</pubDate>
    </item>`,
    )
    .join('\n');
  const newest = feed.items[0]?.date;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${e(feed.title)}</title>
    <link>${e(feed.link)}</link>
    <description>${e(feed.description)}</description>
    <language>${e(feed.language)}</language>
    <atom:link href="${e(feed.self)}" rel="self" type="application/rss+xml"/>
${newest ? `    <lastBuildDate>${rfc822(newest)}</lastBuildDate>\n` : ''}${items}
  </channel>
</rss>
`;
}
