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
  // The calculator's own GET form lands here with the choices in the query.
  '/calculator/selection',
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
