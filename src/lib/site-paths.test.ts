import { describe, expect, it } from 'vitest';
import { isSitePath, notFoundKind } from './site-paths';

describe('isSitePath', () => {
  it.each([
    '/',
    '/blog',
    '/blog/some-article',
    '/blog/category/news',
    '/blog/page/2',
    '/blog/category/news/page/2',
    '/blog/rss.xml',
    '/calculator',
    '/contacts',
    '/privacy',
    '/terms',
    '/services/web',
    '/services/cloud-devops',
    '/services',
    '/cases',
    '/cases/steppe-bean-shop',
    '/cases/service/web',
    '/about',
  ])('%s names a page', (path) => {
    expect(isSitePath(path)).toBe(true);
  });

  it.each([
    '/nope',
    '/cases/service/web/more',
    '/about/team',
    '/blog/a/b',
    '/contacts/extra',
    '/services/web/more',
    '/wp-admin',
  ])('%s names no page', (path) => {
    expect(isSitePath(path)).toBe(false);
  });
});

describe('notFoundKind', () => {
  it.each(['/services/nope', '/blog/nope', '/blog/page/99', '/cases/service/nope'])(
    '%s is a page whose parameter names nothing',
    (path) => expect(notFoundKind(path)).toBe('param'),
  );
  it.each(['/nope', '/about/team', '/services/web/more', '/wp-admin'])(
    '%s has the shape of no page',
    (path) => expect(notFoundKind(path)).toBe('route'),
  );
});
