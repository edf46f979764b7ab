import 'server-only';
import { env as publicEnv } from '@/env';
import { isLangCode, localeFromCode, type LangCode } from '@/i18n/locales';
import { allowedOrigins } from '@/lib/http/origins';
import {
  failureMessage,
  failurePageTexts,
  type FailureStatus,
} from '@/server/leads/result-message';
import { logger } from '@/server/log';

/**
 * The checks a request with a body to a page gets before Next.js handles it
 * as a server action (the consultation form, with or without JavaScript).
 * Next.js refuses a cross-site origin, a body over its limit and a body that
 * is not a form with an error of its own, which becomes a 500 page; here each
 * is answered as what it is (403, 413, 400, 405), in the page's language, and
 * a refused form post without JavaScript gets a small page with a way back.
 * Run from src/proxy.ts, only for requests to pages that carry a body.
 */

/** Next.js's own limit for action bodies (next.config.ts, serverActions.bodySizeLimit). */
export const formPostLimitBytes = 32 * 1024;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function refuse(
  request: Request,
  pathname: string,
  code: LangCode,
  status: FailureStatus,
  httpStatus: 400 | 403 | 405 | 413,
): Promise<Response> {
  const message = await failureMessage({ status }, code);
  logger.info(
    { event: 'form.refused', status: httpStatus, path: pathname.slice(0, 200) },
    'form post refused before the action',
  );
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (httpStatus === 405) headers.set('Allow', 'GET, HEAD, POST');
  // A script's request (React's action call) wants the message, not a page.
  if (request.headers.has('next-action') || !request.headers.get('accept')?.includes('text/html')) {
    headers.set('Content-Type', 'text/plain; charset=utf-8');
    return new Response(message, { status: httpStatus, headers });
  }
  const { title, back } = await failurePageTexts(code);
  const href = `${pathname.split('?')[0]}#consultation`;
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(
    `<!doctype html><html lang="${localeFromCode(code)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{font:16px/1.6 system-ui,sans-serif;margin:0;color:#0f172a}main{max-width:40rem;margin:10vh auto;padding:0 1.5rem}h1{font-size:1.75rem;line-height:1.2}a{color:#1d4ed8}</style></head><body><main><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p><p><a href="${escapeHtml(href)}">${escapeHtml(back)}</a></p></main></body></html>`,
    { status: httpStatus, headers },
  );
}

/** The answer to a request with a body to a page, or undefined when it may go on. */
export async function checkFormPost(
  request: Request,
  pathname: string,
): Promise<Response | undefined> {
  const method = request.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return undefined;
  const prefix = pathname.split('/')[1];
  const code: LangCode = isLangCode(prefix) ? prefix : 'ru';
  if (method !== 'POST') return refuse(request, pathname, code, 'method_not_allowed', 405);

  const origin = request.headers.get('origin');
  if (origin && !allowedOrigins(request.headers, publicEnv.SITE_URL).includes(origin))
    return refuse(request, pathname, code, 'forbidden', 403);

  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > formPostLimitBytes) return refuse(request, pathname, code, 'too_large', 413);
  let body: ArrayBuffer;
  try {
    body = await request.arrayBuffer();
  } catch {
    return refuse(request, pathname, code, 'bad_request', 400);
  }
  if (body.byteLength > formPostLimitBytes)
    return refuse(request, pathname, code, 'too_large', 413);

  const contentType = request.headers.get('content-type') ?? '';
  // Only the media type is case-insensitive: a multipart boundary is not.
  const type = contentType.toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    try {
      await new Response(body, { headers: { 'Content-Type': contentType } }).formData();
    } catch {
      return refuse(request, pathname, code, 'bad_request', 400);
    }
  } else if (
    !type.startsWith('application/x-www-form-urlencoded') &&
    !type.startsWith('text/plain')
  ) {
    return refuse(request, pathname, code, 'bad_request', 400);
  }
  return undefined;
}
