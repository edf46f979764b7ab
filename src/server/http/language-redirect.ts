import 'server-only';
import { localeCookie, serializeLocaleCookie } from '@/i18n/locales';
import { cookieValue } from '@/lib/http/cookies';
import { negotiateLangCode } from '@/lib/locale-negotiation';

const cookieOf = (request: Request) =>
  cookieValue(request.headers.get('cookie'), localeCookie.name);

/**
 * The answer to `/` and to an address of a page without its language prefix
 * (`/blog`): a temporary redirect to the same page in the visitor's language,
 * keeping the query (the browser keeps the #hash itself). The language comes
 * from the `i18n_redirected` cookie, else the first of the browser's languages
 * the site has, else Russian; the cookie is written when it did not say so
 * already. The answer depends on both, and is never stored by a cache.
 */
export function languageRedirect(request: Request, url: URL, path: string): Response {
  const cookie = cookieOf(request);
  const code = negotiateLangCode({
    cookie,
    acceptLanguage: request.headers.get('accept-language'),
  });
  const headers = new Headers({
    Location: `/${code}${path === '/' ? '' : path}${url.search}`,
    'Cache-Control': 'private, no-store',
    Vary: 'Cookie, Accept-Language',
  });
  // Written by hand, not with Astro's cookies, which would add Expires: the
  // cookie carries exactly the attributes the browser's own writes give it.
  if (cookie !== code) headers.append('Set-Cookie', serializeLocaleCookie(code));
  return new Response(null, { status: 307, headers });
}
