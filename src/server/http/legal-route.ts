import 'server-only';
import { isLangCode, localeFromCode } from '@/i18n/locales';
import { cacheControl } from '@/lib/http/cache-headers';
import { getLegalPage, type LegalPage, type settingsDependent } from '@/server/content/legal';
import { simplePageSeo, type PageSeo } from '@/server/seo/pages';
import { answerFormPost, type FormAnswer } from './form-post';

export type LegalRoute =
  | { kind: 'page'; page: LegalPage; seo: PageSeo }
  | { kind: 'form'; answer: FormAnswer }
  | { kind: 'not-found' };

type Context = {
  request: Request;
  url: URL;
  params: Record<string, string | undefined>;
  clientAddress: string | undefined;
  response: { status?: number; headers: Headers };
};

/**
 * What a request to `/<lang>/privacy` or `/<lang>/consent` gets, answered as
 * the files built ahead would be: the page (GET, HEAD), the consultation form
 * posted to it without JavaScript (any page's address takes one,
 * src/server/http/form-post.ts), the 404 for an unknown language or a page's
 * file name (`/ru/privacy.html`: a page has one address).
 */
export async function legalRoute(
  context: Context,
  slug: (typeof settingsDependent)[number],
): Promise<LegalRoute | Response> {
  const { lang } = context.params;
  const { pathname } = context.url;
  if (!isLangCode(lang) || pathname.endsWith('.html')) return { kind: 'not-found' };
  const method = context.request.method;
  if (method !== 'GET' && method !== 'HEAD') {
    const answer = await answerFormPost(context.request, pathname, context.clientAddress);
    if (answer instanceof Response) return answer;
    context.response.status = answer.status;
    for (const [name, value] of Object.entries(answer.headers))
      context.response.headers.set(name, value);
    return { kind: 'form', answer };
  }
  const locale = localeFromCode(lang);
  const [page, seo] = await Promise.all([getLegalPage(slug, locale), simplePageSeo(locale, slug)]);
  // Rendered from the server's settings (the channels on, the retention),
  // which the text a lead's consent record is the hash of follows: a shared
  // cache keeps it a minute (src/lib/http/cache-headers.ts).
  context.response.headers.set('Cache-Control', cacheControl.legalPage);
  return { kind: 'page', page, seo };
}
