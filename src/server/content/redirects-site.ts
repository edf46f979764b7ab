import 'server-only';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { langCodes } from '@/i18n/locales';
import { siteAddresses, type SiteAddresses } from '@/server/http/redirects-check';
import { knownPagePaths } from './links';

/** The files under public/, which the build copies to the site as they are. */
async function publicFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep))
    .filter((parts) => !parts.some((part) => part.startsWith('.')))
    .map((parts) => `/${parts.join('/')}`);
}

/**
 * The site's addresses as its content makes them, without a build: every
 * page in every language (what a link in content may point to, drafts left
 * out of a production build), each language's web manifest, and the files
 * of public/. What `npm run redirects -- check` and the build check a list
 * against.
 */
export async function contentSiteAddresses(root = process.cwd()): Promise<SiteAddresses> {
  const pages = await knownPagePaths();
  return siteAddresses([
    ...langCodes.flatMap((code) => [
      ...[...pages].map((page) => `/${code}${page === '/' ? '' : page}`),
      `/${code}/manifest.webmanifest`,
    ]),
    ...(await publicFiles(path.join(root, 'public'))),
  ]);
}
