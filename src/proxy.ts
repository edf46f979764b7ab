import { NextResponse, type NextRequest } from 'next/server';
import { langCodes, localeCookie, serializeLocaleCookie } from '@/i18n/locales';
import { negotiateLangCode } from '@/lib/locale-negotiation';
import { isSitePath } from '@/lib/site-paths';
import { checkFormPost } from '@/server/http/form-post';

const prefixed = new RegExp(`^/(?:${langCodes.join('|')})(?:/|$)`);
const editorPath = /^\/keystatic(?:\/|$)/;

/**
 * The only per-request code for pages. It sees `/` and paths without a language
 * prefix, which it redirects, and requests with a body to a page (a form post),
 * which it checks before Next.js runs the server action (src/server/http/form-post.ts).
 * A prefixed page requested without a body never gets here: it is static.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (prefixed.test(pathname)) {
    return (await checkFormPost(request, pathname)) ?? NextResponse.next();
  }

  // The content editor, in a build that has it (next.config.ts); in any other
  // build /keystatic is not a page and gets the 404 below like any other path.
  if (process.env.APP_EDITOR === '1' && editorPath.test(pathname)) return NextResponse.next();

  const cookie = request.cookies.get(localeCookie.name)?.value;
  const code = negotiateLangCode({
    cookie,
    acceptLanguage: request.headers.get('accept-language'),
  });

  if (!isSitePath(pathname)) {
    // Not a page in any language: answer with the 404 page in the visitor's
    // language at the address they asked for.
    return NextResponse.rewrite(new URL(`/${code}${pathname}${search}`, request.url));
  }

  // The browser carries the #hash over to the new address by itself.
  const target = request.nextUrl.clone();
  target.pathname = `/${code}${pathname === '/' ? '' : pathname}`;
  const response = NextResponse.redirect(target, 307);
  response.headers.set('Cache-Control', 'private, no-store');
  response.headers.set('Vary', 'Cookie, Accept-Language');
  // Written by hand rather than with response.cookies, which would add Expires:
  // the cookie carries exactly the attributes BEHAVIOUR.md gives, as in the browser.
  if (cookie !== code) response.headers.append('Set-Cookie', serializeLocaleCookie(code));
  return response;
}

export const config = {
  matcher: [
    // `/` and every path that does not start with a language code or belong to
    // Next.js, the API, the build-info files or a static asset.
    '/',
    '/((?!(?:ru|en|kz|ua)(?:/|$)|_next/|_app/|api/|favicon\\.ico$|apple-icon$|robots\\.txt$|sitemap\\.xml$|manifest\\.webmanifest$|.*\\.(?:svg|png|jpe?g|gif|webp|avif|ico|woff2?|txt|js|css|map|json)$).+)',
    // A page requested with a body (a form post) or as a server action.
    { source: '/:lang(ru|en|kz|ua)/:path*', has: [{ type: 'header', key: 'content-type' }] },
    { source: '/:lang(ru|en|kz|ua)/:path*', has: [{ type: 'header', key: 'next-action' }] },
  ],
};
