import { defineMiddleware } from 'astro:middleware';
import { codeOf, defaultLocale, localeCookie, localeFromCode } from '@/i18n/locales';
import { splitLocale } from '@/i18n/paths';
import { withPage } from '@/i18n/server';
import { negotiateLangCode } from '@/lib/locale-negotiation';
import {
  currencyCookieHeader,
  defaultCurrency,
  isPricedPage,
  requestedCurrency,
} from '@/lib/currency/choice';
import { cacheControl } from '@/lib/http/cache-headers';
import { builtAnalyticsOrigins, withSitePolicy } from '@/lib/security/headers';
import { routeFailed } from '@/server/monitoring/route-errors';
import { checkRedirectsAtBuild, devRedirect } from '@/server/http/redirects-astro';
import { createRenderCache } from '@/server/http/render-cache';

/**
 * Every page is rendered inside the scope of its language and path
 * (src/i18n/server.ts): at build time for the pages built ahead, per request
 * for the rest. An address without a language (answered per request: a 404
 * says so in the visitor's language) takes the one the visitor would be sent to.
 * A page rendered per request keeps the site's security policy beside Astro's
 * own (src/lib/security/headers.ts), except the content editor's, which has
 * its own (src/lib/editor/middleware.ts).
 */
const editorPath = /^\/(?:api\/)?keystatic(?:\/|$)/;

/** Priced pages rendered in another currency, kept once rendered (render-cache.ts). */
const pricedPages = createRenderCache();

export const onRequest = defineMiddleware(async (context, next) => {
  // The old site's addresses (content/redirects): answered here in `astro dev`
  // only (in production the site's server answers them before Astro), and
  // checked once while a build renders its pages.
  if (import.meta.env.DEV) {
    const moved = await devRedirect(context.url, context.request.method);
    if (moved) return moved;
  } else if (context.isPrerendered) await checkRedirectsAtBuild();
  const { locale, path } = splitLocale(context.url.pathname.replace(/\.html$/, ''));
  const pageLocale =
    locale ??
    (context.isPrerendered
      ? defaultLocale
      : localeFromCode(
          negotiateLangCode({
            cookie: context.cookies.get(localeCookie.name)?.value,
            acceptLanguage: context.request.headers.get('accept-language'),
          }),
        ));
  // Pages built ahead show the language's currency; a page rendered per
  // request, the one its address or the visitor's cookie names.
  const requested = context.isPrerendered
    ? undefined
    : requestedCurrency(context.url.searchParams, context.request.headers.get('cookie'));
  const page = {
    pathname: path,
    locale: pageLocale,
    currency: requested?.currency ?? defaultCurrency(codeOf(pageLocale)),
  };
  const method = context.request.method;
  const pricedRead =
    !context.isPrerendered &&
    !!locale &&
    isPricedPage(context.url.pathname) &&
    (method === 'GET' || method === 'HEAD');
  const keep = pricedRead && !import.meta.env.DEV;
  const response =
    (keep ? pricedPages.get(context.url, page.currency, method) : undefined) ??
    // A page or endpoint that throws is logged and reported (docs/error-tracking.md).
    (await withPage(page, () => next())
      .then((rendered) =>
        keep ? pricedPages.keep(context.url, page.currency, rendered) : rendered,
      )
      .catch(routeFailed(context.url.pathname)));
  if (context.isPrerendered || editorPath.test(context.url.pathname)) return response;
  if (pricedRead) {
    // The same address shows other prices to a visitor with another currency
    // in their cookie: caches keep one copy per cookie (nginx keys on it).
    response.headers.append('Vary', 'Cookie');
    if (requested?.fromAddress) {
      // A currency picked in the address is remembered for the next pages;
      // an answer that sets a cookie is the visitor's own.
      response.headers.append('Set-Cookie', currencyCookieHeader(requested.currency));
      response.headers.set('Cache-Control', cacheControl.privatePage);
    }
  }
  return withSitePolicy(response, builtAnalyticsOrigins());
});
