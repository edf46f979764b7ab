import type { Element } from 'hast';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { blogCategories } from '@/config/blog';
import { serviceSlugs } from '@/config/services';
import { locales } from '@/i18n/locales';
import { getArticle, getArticles, getArticleSlugs } from '@/server/content/blog';
import { getLegalPage, legalPageSlugs } from '@/server/content/legal';
import { validateContent } from '@/lib/content/validate';
import { getServiceContent, serviceEntrySchema } from '@/server/content/services';
import { countElements, linkTargets } from '../support/hast';

const slugs = await getArticleSlugs();
const staticPages = new Set([
  '/',
  '/blog',
  '/calculator',
  '/contacts',
  '/privacy',
  '/consent',
  '/terms',
  '/blog/rss.xml',
]);

/** Whether an internal href names a page the site builds. */
function resolves(href: string): boolean {
  const path = href.split(/[?#]/)[0] || '/';
  if (staticPages.has(path)) return true;
  const service = /^\/services\/([^/]+)$/.exec(path)?.[1];
  if (service) return (serviceSlugs as readonly string[]).includes(service);
  const category = /^\/blog\/category\/([^/]+)$/.exec(path)?.[1];
  if (category) return (blogCategories as readonly string[]).includes(category);
  const article = /^\/blog\/([^/]+)$/.exec(path)?.[1];
  return article ? slugs.includes(article) : false;
}

describe('service pages', () => {
  it.each(serviceSlugs)('%s exists in every language with the same structure', async (slug) => {
    const [first, ...others] = await Promise.all(
      locales.map((locale) => getServiceContent(slug, locale)),
    );
    for (const other of others) {
      expect(other.includes.length).toBe(first!.includes.length);
      expect(other.process.length).toBe(first!.process.length);
      expect(other.deliverables.length).toBe(first!.deliverables.length);
      expect(other.faq.length).toBe(first!.faq.length);
      expect(other.related).toEqual(first!.related);
    }
  });

  it.each(serviceSlugs)('%s links only to pages that exist', async (slug) => {
    for (const locale of locales) {
      const service = await getServiceContent(slug, locale);
      const hrefs = service.faq
        .flatMap((item) => linkTargets(item.answer))
        .filter((href) => href.startsWith('/'));
      expect(
        hrefs.filter((href) => !resolves(href)),
        `${slug} in ${locale}`,
      ).toEqual([]);
      expect(JSON.stringify(service), 'no unfilled template').not.toContain('{{');
    }
  });
});

describe('blog articles', () => {
  it('there are at least 8, in at least 4 categories, news among them', async () => {
    const articles = await getArticles('en');
    expect(articles.length).toBeGreaterThanOrEqual(8);
    const categories = new Set(articles.map((a) => a.category));
    expect(categories.size).toBeGreaterThanOrEqual(4);
    expect(categories).toContain('news');
  });

  it.each(slugs)(
    '%s exists in every language with the same date, category, cover and structure',
    async (slug) => {
      const [first, ...others] = await Promise.all(
        locales.map((locale) => getArticle(slug, locale)),
      );
      for (const other of others) {
        expect(other!.date).toBe(first!.date);
        expect(other!.category).toBe(first!.category);
        expect(other!.cover.src).toBe(first!.cover.src);
        expect(other!.tags.length).toBe(first!.tags.length);
        expect(other!.outline.length).toBe(first!.outline.length);
      }
    },
  );

  it.each(slugs)(
    '%s is at least 600 words in every language and links only to real pages',
    async (slug) => {
      for (const locale of locales) {
        const article = (await getArticle(slug, locale))!;
        expect(article.readingMinutes * 200, `${slug} in ${locale}`).toBeGreaterThanOrEqual(600);
        const internal = linkTargets(article.body).filter((href) => href.startsWith('/'));
        expect(
          internal.filter((href) => !resolves(href)),
          `${slug} in ${locale}`,
        ).toEqual([]);
        expect(JSON.stringify(article.body)).not.toContain('{{');
      }
    },
  );

  it('between them, the articles use every rich element', async () => {
    const bodies = await Promise.all(
      slugs.map(async (slug) => (await getArticle(slug, 'ru'))!.body),
    );
    const count = (tag: string) => bodies.reduce((sum, body) => sum + countElements(body, tag), 0);
    for (const tag of [
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'p',
      'ol',
      'ul',
      'table',
      'pre',
      'code',
      'blockquote',
      'img',
      'a',
      'del',
      'input',
      'sup',
    ]) {
      expect(count(tag), tag).toBeGreaterThan(0);
    }
    // A nested list: a list inside a list item.
    const nested = bodies.some((body) => {
      let found = false;
      visit(body, 'element', (node: Element) => {
        if (
          node.tagName === 'li' &&
          node.children.some((c) => c.type === 'element' && ['ul', 'ol'].includes(c.tagName))
        )
          found = true;
      });
      return found;
    });
    expect(nested).toBe(true);
  });
});

describe('legal pages', () => {
  it.each(legalPageSlugs)('%s exists in every language with the same sections', async (slug) => {
    const pages = await Promise.all(locales.map((locale) => getLegalPage(slug, locale)));
    const sections = pages.map((page) => countElements(page.body, 'h2'));
    expect(new Set(sections).size).toBe(1);
    for (const page of pages) {
      expect(
        linkTargets(page.body).filter((href) => href.startsWith('/') && !resolves(href)),
      ).toEqual([]);
      expect(JSON.stringify(page.body)).not.toContain('{{');
    }
  });
});

describe('a malformed entry', () => {
  it('fails with a message naming the file and each bad field, a missing language among them', () => {
    const texts = {
      seo: { title: 'Short', description: 'too short' },
      hero: { title: 'x' },
      includes: [],
    };
    const broken = { name: 'Web', related: ['nope'], texts: { ru: texts, en: texts, ua: texts } };
    expect(() =>
      validateContent(broken, serviceEntrySchema, 'content/services/web/index.yaml'),
    ).toThrow(
      /^content\/services\/web\/index\.yaml: invalid content\n(.|\n)*- related\.0: (.|\n)*- texts\.ru\.seo\.description: (.|\n)*- texts\.ru\.hero\.lead: (.|\n)*- texts\.ru\.includes: (.|\n)*- texts\.kz: the kz texts are missing: every entry is written in all four languages/,
    );
  });
});
