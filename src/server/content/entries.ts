import 'server-only';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { localeInfo, locales, type Locale } from '@/i18n/locales';
import { ContentError, fillTemplate, validateContent } from '@/lib/markdown/frontmatter';
import { contentRoot } from './paths';
import { contentTemplateValues } from './template-values';

/** A folder name that is an entry's slug: lowercase Latin letters, digits and hyphens. */
const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The entries of a collection: the folders under content/<collection>, sorted. */
export async function entrySlugs(collection: string): Promise<string[]> {
  const dir = path.join(contentRoot, collection);
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const slugs = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  for (const slug of slugs) {
    if (!slugPattern.test(slug))
      throw new ContentError(
        `content/${collection}/${slug}: not a valid slug (lowercase letters, digits, hyphens)`,
      );
  }
  return slugs.sort();
}

/** The file of one language of an entry: content/<collection>/<slug>/<code>.yaml (or without a slug). */
export function entryFile(collection: string, slug: string | null, locale: Locale): string {
  const code = `${localeInfo[locale].code}.yaml`;
  return slug === null
    ? path.join(contentRoot, collection, code)
    : path.join(contentRoot, collection, slug, code);
}

/**
 * One language of an entry, read, filled in ({{brand}} …) and checked against
 * its schema. A problem names the file and the field, so the build says where to look.
 */
export async function readYamlEntry<S extends z.ZodType>(
  collection: string,
  slug: string | null,
  locale: Locale,
  schema: S,
): Promise<{ data: z.infer<S>; file: string }> {
  const file = path.relative(process.cwd(), entryFile(collection, slug, locale));
  const source = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    throw new ContentError(`${file}: missing; every entry exists in all four languages`);
  });
  let raw: unknown;
  try {
    raw = parseYaml(fillTemplate(source, contentTemplateValues(locale), file));
  } catch (error) {
    if (error instanceof ContentError) throw error;
    throw new ContentError(`${file}: not valid YAML: ${(error as Error).message}`);
  }
  return { data: validateContent(raw, schema, file), file };
}

/**
 * Checks that the fields every language shares (numbers, slugs, pictures) are
 * the same in all four files of an entry; a difference fails the build naming
 * the field and the files.
 */
export function assertSharedFields<T>(
  where: string,
  byLocale: Record<Locale, T>,
  fields: Record<string, (entry: T) => unknown>,
): void {
  const [first, ...rest] = locales;
  for (const [field, pick] of Object.entries(fields)) {
    const expected = pick(byLocale[first]);
    for (const locale of rest) {
      if (!isDeepStrictEqual(pick(byLocale[locale]), expected))
        throw new ContentError(
          `${where}: ${field} differs between ${localeInfo[first].code}.yaml and ${localeInfo[locale].code}.yaml; it must be the same in every language`,
        );
    }
  }
}

/** Reads an entry in all four languages. */
export async function readAllLanguages<T>(
  read: (locale: Locale) => Promise<T>,
): Promise<Record<Locale, T>> {
  const values = await Promise.all(locales.map(read));
  return Object.fromEntries(locales.map((locale, index) => [locale, values[index]])) as Record<
    Locale,
    T
  >;
}
