import 'server-only';
import { stat } from 'node:fs/promises';
import {
  listProblems,
  readRedirectList,
  redirectListError,
  redirectsFile,
} from '@/server/content/redirects';
import { redirectTable, type RedirectTable } from './redirects';

/**
 * The redirects from the old site where Astro alone answers (src/middleware.ts).
 * In production the site's server answers them before Astro is asked
 * (./site-server.ts); Astro's middleware sees only what is rendered per
 * request, so there it does nothing but check the list once while a build
 * renders its pages.
 */

let devList: { stamp: string; table: RedirectTable } | undefined;

/**
 * In `astro dev`, the answer to an old site's address: a 301 never stored
 * by the browser (the list may change a minute later), or undefined. The
 * list is read again when its file changes; one that is not well formed
 * fails the request with the problems named, as a bad content file does.
 * Whether a target exists is left to the build and to the check.
 */
export async function devRedirect(url: URL, method: string): Promise<Response | undefined> {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  const info = await stat(redirectsFile).catch(() => undefined);
  const stamp = info ? `${info.size}:${info.mtimeMs}` : 'none';
  if (devList?.stamp !== stamp) {
    const list = readRedirectList();
    if (list.malformed.length > 0) throw redirectListError(list.malformed);
    devList = { stamp, table: redirectTable(list.redirects) };
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  const moved = devList.table.match(pathname, url.search);
  if (!moved) return undefined;
  return new Response(null, {
    status: 301,
    headers: { Location: moved.location, 'Cache-Control': 'no-store' },
  });
}

let buildCheck: Promise<void> | undefined;

/**
 * The check `npm run redirects -- check` makes, made once by a build (the
 * first page it renders asks for it): a list with a problem fails the build,
 * naming each one.
 */
export function checkRedirectsAtBuild(): Promise<void> {
  buildCheck ??= (async () => {
    const { contentSiteAddresses } = await import('@/server/content/redirects-site');
    const problems = listProblems(readRedirectList(), await contentSiteAddresses());
    if (problems.length > 0) throw redirectListError(problems);
  })();
  return buildCheck;
}
