import type { ComponentSchema } from '@keystatic/core';
import { dump, load } from 'js-yaml';
import { errorMessage } from '@/lib/errors';

/**
 * Reads and writes an entry exactly as the content editor (Keystatic) does:
 * the stored value goes through each field's own `parse`, `validate` and
 * `serialize`, in the order the schema gives, and is written with js-yaml's
 * `dump` (what the editor writes with) or as JSON with two spaces.
 *
 * This is what proves that a file edited by hand reads through the editor's
 * schema and that the editor leaves it as it is (tests/unit/editor.test.ts),
 * and what `npm run content:format` writes a hand edit back with.
 */

type Fields = Record<string, ComponentSchema>;

/** Where a field's problem is: `texts.kz.title`, `gallery[1]`. */
function where(path: (string | number)[]): string {
  return path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
    '',
  );
}

export class EditorSchemaError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'EditorSchemaError';
  }
}

export type EntryContext = {
  /** The entry's slug (its folder) in a collection; undefined for a singleton. */
  slug?: string;
  /** The root field that holds the entry's name and slug, in a collection. */
  slugField?: string;
  /** Reads an asset an image field names; the path is from the project root. */
  readAsset: (file: string) => Uint8Array | undefined;
  /** The entry's own folder, for assets without a directory of their own. */
  dirpath: string;
};

type Stored = unknown;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * A stored entry (as loaded from YAML or JSON) as the editor's state, each
 * field parsed and validated; every problem is collected with its field.
 */
export function parseEntry(fields: Fields, stored: Stored, context: EntryContext): unknown {
  const problems: string[] = [];
  const walk = (schema: ComponentSchema, raw: Stored, path: (string | number)[]): unknown => {
    const value = raw === null ? undefined : raw;
    if (schema.kind === 'form') {
      try {
        if (path.length === 1 && path[0] === context.slugField && schema.formKind === 'slug') {
          return schema.parse(value as never, { slug: context.slug ?? '' });
        }
        if (schema.formKind === 'asset') {
          const filename = schema.filename(value as never, {
            slug: context.slug,
            suggestedFilenamePrefix: undefined,
          });
          const file = filename
            ? schema.directory
              ? `${schema.directory}${context.slug === undefined ? '' : `/${context.slug}`}/${filename}`
              : `${context.dirpath}/${filename}`
            : undefined;
          const asset = file ? context.readAsset(file) : undefined;
          if (file && !asset) problems.push(`${where(path)}: no file ${file}`);
          const parsed: unknown = schema.parse(value as never, { asset, slug: context.slug });
          schema.validate(parsed);
          return parsed;
        }
        if (schema.formKind === 'content' || schema.formKind === 'assets')
          throw new Error('fields stored in files of their own are not used here');
        const parsed: unknown = schema.parse(value as never, undefined);
        if (schema.formKind === undefined) schema.validate(parsed);
        return parsed;
      } catch (error) {
        problems.push(`${where(path)}: ${errorMessage(error)}`);
        return undefined;
      }
    }
    if (schema.kind === 'object') {
      const object = value === undefined ? {} : value;
      if (!isObject(object)) {
        problems.push(`${where(path)}: must be an object`);
        return {};
      }
      for (const key of Object.keys(object))
        if (!(key in schema.fields)) problems.push(`${where([...path, key])}: not a field here`);
      return Object.fromEntries(
        Object.entries(schema.fields).map(([key, field]) => [
          key,
          walk(field, object[key], [...path, key]),
        ]),
      );
    }
    if (schema.kind === 'array') {
      if (value === undefined) return [];
      if (!Array.isArray(value)) {
        problems.push(`${where(path)}: must be a list`);
        return [];
      }
      const { min, max } = schema.validation?.length ?? {};
      if (min !== undefined && value.length < min)
        problems.push(`${where(path)}: at least ${min} items`);
      if (max !== undefined && value.length > max)
        problems.push(`${where(path)}: at most ${max} items`);
      return value.map((item, index) => walk(schema.element, item, [...path, index]));
    }
    if (schema.kind === 'conditional') {
      const object = isObject(value) ? value : {};
      const discriminant = walk(schema.discriminant, object.discriminant, [
        ...path,
        'discriminant',
      ]);
      const branch = schema.values[String(discriminant)];
      return {
        discriminant,
        value: branch ? walk(branch, object.value, [...path, 'value']) : undefined,
      };
    }
    return null;
  };
  const state = walk({ kind: 'object', fields } as ComponentSchema, stored, []);
  if (problems.length) throw new EditorSchemaError(problems);
  return state;
}

/** The name the editor gives an asset it writes: the field's path, `cover`, `gallery/0`. */
function propPath(path: (string | number)[]): string {
  return path.join('/');
}

export type SerializedEntry = {
  /** What goes into the entry's data file. */
  value: Record<string, unknown>;
  /** The assets the entry's fields hold, where the editor writes them. */
  assets: { file: string; contents: Uint8Array }[];
};

/** The editor's state of an entry as it stores it, with the assets and where they go. */
export function serializeEntry(
  fields: Fields,
  state: unknown,
  context: Omit<EntryContext, 'readAsset'>,
): SerializedEntry {
  const assets: SerializedEntry['assets'] = [];
  const walk = (schema: ComponentSchema, value: unknown, path: (string | number)[]): unknown => {
    if (schema.kind === 'form') {
      if (path.length === 1 && path[0] === context.slugField && schema.formKind === 'slug')
        return schema.serializeWithSlug(value).value;
      if (schema.formKind === 'asset') {
        const out = schema.serialize(value, {
          suggestedFilenamePrefix: propPath(path),
          slug: context.slug,
        });
        if (out.asset) {
          const dir = schema.directory
            ? `${schema.directory}${context.slug === undefined ? '' : `/${context.slug}`}`
            : context.dirpath;
          assets.push({ file: `${dir}/${out.asset.filename}`, contents: out.asset.content });
        }
        return out.value;
      }
      if (schema.formKind === 'content' || schema.formKind === 'assets')
        throw new Error('fields stored in files of their own are not used here');
      return schema.serialize(value).value;
    }
    if (schema.kind === 'object') {
      const object = value as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(schema.fields)
          .map(([key, field]) => [key, walk(field, object[key], [...path, key])] as const)
          .filter(([, item]) => item !== undefined),
      );
    }
    if (schema.kind === 'array')
      return (value as unknown[]).map((item, index) => {
        const out = walk(schema.element, item, [...path, index]);
        return out === undefined ? null : out;
      });
    if (schema.kind === 'conditional') {
      const { discriminant, value: inner } = value as { discriminant: unknown; value: unknown };
      const stored = walk(schema.discriminant, discriminant, [...path, 'discriminant']);
      const branch = schema.values[String(stored)];
      const out = branch ? walk(branch, inner, [...path, 'value']) : undefined;
      return out === undefined ? { discriminant: stored } : { discriminant: stored, value: out };
    }
    return undefined;
  };
  const value = walk({ kind: 'object', fields } as ComponentSchema, state, []) as Record<
    string,
    unknown
  >;
  return { value, assets };
}

/** A data file's text as the editor writes it. */
export function formatData(value: unknown, format: 'yaml' | 'json'): string {
  return format === 'json' ? `${JSON.stringify(value, null, 2)}\n` : dump(value);
}

/** A data file's text as the editor reads it. */
export function loadData(source: string, format: 'yaml' | 'json'): unknown {
  return format === 'json' ? JSON.parse(source) : load(source);
}
