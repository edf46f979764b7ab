import 'server-only';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { z } from 'zod';
import { langCodes, localeInfo, type LangCode, type Locale } from '@/i18n/locales';
import { ContentError, fillTemplate, validateContent } from '@/lib/content/validate';
import { contentRoot } from './paths';
import { contentTemplateValues } from './template-values';
import { errorMessage } from '@/lib/errors';

/**
 * Content entries as the content editor (Keystatic, keystatic.config.ts)
 * stores them: one file per entry, `content/<collection>/<slug>/index.yaml`
 * (or `content/<name>/index.yaml` for a single page), holding the fields every
 * language shares at the top and each language's texts under
 * `texts.{ru,en,kz,ua}`. The build checks each file with a zod schema; a
 * problem names the file and the field, so the build says where to look.
 */

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

/** The data file of an entry (or of a single page, without a slug). */
export function entryFile(collection: string, slug: string | null): string {
  return slug === null
    ? path.join(contentRoot, collection, 'index.yaml')
    : path.join(contentRoot, collection, slug, 'index.yaml');
}

/** The file as the project names it, for messages: content/cases/x/index.yaml. */
export function relativeFile(file: string): string {
  return path.relative(process.cwd(), file).split(path.sep).join('/');
}

/**
 * Each language's texts under their code, all four required. A missing
 * language fails with a message that says so, naming `texts.<code>`.
 */
export function perLanguage<S extends z.ZodType>(schema: S) {
  const language = (code: LangCode) =>
    z
      .custom<unknown>((value) => value !== undefined, {
        message: `the ${code} texts are missing: every entry is written in all four languages`,
      })
      .pipe(schema);
  return z
    .object(
      Object.fromEntries(langCodes.map((code) => [code, language(code)])) as Record<
        LangCode,
        ReturnType<typeof language>
      >,
    )
    .strict();
}

/** An optional text the editor stores as '' when left empty. */
export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * Entries read, by file: kept while the file stays as it is (its size and
 * modification time), so a build reads each file once however many pages
 * use it, and the development server still sees an edit at once.
 */
const entryMemo = new Map<string, { stamp: string; entry: Promise<unknown> }>();

/**
 * An entry's data file, read and checked against its schema. Dates stay as
 * they are written (2026-11-25), as the schemas expect them.
 */
export async function readEntry<S extends z.ZodType>(
  collection: string,
  slug: string | null,
  schema: S,
): Promise<{ data: z.infer<S>; file: string }> {
  const absolute = entryFile(collection, slug);
  const file = relativeFile(absolute);
  const info = await stat(absolute).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    throw new ContentError(`${file}: missing (each entry is one index.yaml in its folder)`);
  });
  const stamp = `${info.size}:${info.mtimeMs}`;
  const known = entryMemo.get(file);
  if (known?.stamp === stamp) return known.entry as Promise<{ data: z.infer<S>; file: string }>;
  const entry = readFile(absolute, 'utf8').then((source) => {
    let raw: unknown;
    try {
      raw = load(source, { schema: CORE_SCHEMA, filename: file });
    } catch (error) {
      throw new ContentError(`${file}: not valid YAML: ${errorMessage(error)}`);
    }
    return { data: validateContent<S>(raw ?? {}, schema, file), file };
  });
  entryMemo.set(file, { stamp, entry });
  return entry;
}

function fillDeep(item: unknown, values: Record<string, string>, field: string): unknown {
  if (typeof item === 'string') return fillTemplate(item, values, field);
  if (Array.isArray(item))
    return item.map((inner, index) => fillDeep(inner, values, `${field}[${index}]`));
  if (item && typeof item === 'object')
    return Object.fromEntries(
      Object.entries(item).map(([key, inner]) => [key, fillDeep(inner, values, `${field}.${key}`)]),
    );
  return item;
}

/**
 * One language's texts of an entry with `{{brand}}`, `{{email}}` … filled in
 * from the agency's details (and any `extra` values); an unknown name fails
 * the build naming the file and the field.
 */
export function textsFor<T>(
  texts: Record<LangCode, T>,
  locale: Locale,
  file: string,
  extra: Record<string, string> = {},
): T {
  const code = localeInfo[locale].code;
  const values = { ...contentTemplateValues(locale), ...extra };
  return fillDeep(texts[code], values, `${file}: texts.${code}`) as T;
}

/**
 * Drafts (articles and cases marked `draft`) are shown while developing and
 * never built into production pages, feeds or the sitemap.
 */
export const showDrafts = process.env.NODE_ENV !== 'production';
