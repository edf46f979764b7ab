import { langCodes } from '@/i18n/locales';
import { calculatorQueryKeys } from '@/lib/calculator/query-keys';
import { cacheControl } from '@/lib/http/cache-headers';

const calculatorPage = new RegExp(`^/(?:${langCodes.join('|')})/calculator$`);
const page = new RegExp(`^/(?:${langCodes.join('|')})(?:/|$)`);

/**
 * Whether a GET may be answered from the files built ahead. The calculator
 * is built with its default choices; its address with choices in the query
 * (a shared estimate, or its form sent without JavaScript) is rendered per
 * request. The API is never a file. Anything else is looked up among the
 * files first, and rendered (a 404, say) when there is none.
 */
export function servedStatically(url: string): boolean {
  const [pathname = '/', query = ''] = url.split('?', 2);
  if (pathname.startsWith('/api/')) return false;
  if (calculatorPage.test(pathname)) {
    const params = new URLSearchParams(query);
    return !calculatorQueryKeys.some((key) => params.has(key));
  }
  return true;
}

/** Cache-Control of a file built ahead, by its address (README, "Deploying"). */
export function cacheControlFor(pathname: string): string {
  if (pathname.startsWith('/_astro/')) return cacheControl.immutable;
  if (pathname === '/_app/builds/latest.json') return 'no-cache, no-store, must-revalidate';
  if (pathname.startsWith('/_app/builds/meta/')) return cacheControl.immutable;
  if (page.test(pathname) && !/\.\w+$/.test(pathname)) return cacheControl.page;
  return cacheControl.publicFile;
}
