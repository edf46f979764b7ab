/**
 * The site's page routes without the language prefix. The proxy uses this to tell
 * a real page reached without a prefix (redirect it) from a path that names
 * nothing (show the 404 page in the visitor's language at the same address).
 */
const staticPaths = new Set([
  '/',
  '/blog',
  '/blog/rss.xml',
  '/calculator',
  '/contacts',
  '/about',
  '/consent',
  '/services',
  '/cases',
  '/privacy',
  '/terms',
]);

const segment = '[^/]+';
const dynamicPaths = [
  new RegExp(`^/services/${segment}$`),
  new RegExp(`^/cases/${segment}$`),
  new RegExp(`^/cases/service/${segment}$`),
  new RegExp(`^/blog/${segment}$`),
  new RegExp(`^/blog/page/${segment}$`),
  new RegExp(`^/blog/category/${segment}$`),
  new RegExp(`^/blog/category/${segment}/page/${segment}$`),
];

export function isSitePath(pathname: string): boolean {
  return staticPaths.has(pathname) || dynamicPaths.some((re) => re.test(pathname));
}

/**
 * Which 404 an address under a language gets: `param` when it has the shape of
 * a page whose parameter names nothing (an unknown article or service),
 * `route` when no page has that shape.
 */
export function notFoundKind(pathname: string): 'route' | 'param' {
  return !staticPaths.has(pathname) && dynamicPaths.some((re) => re.test(pathname))
    ? 'param'
    : 'route';
}
