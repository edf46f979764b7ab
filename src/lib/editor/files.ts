import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ComponentSchema } from '@keystatic/core';
import {
  formatData,
  loadData,
  parseEntry,
  serializeEntry,
  type SerializedEntry,
} from './canonical';

/**
 * The content files the editor knows, found the way it finds them: a
 * collection's entries are the folders its `path` glob names (content/blog/*),
 * each with one data file; a singleton is one data file.
 */

export type EditorFile = {
  /** The collection's or singleton's key in keystatic.config.ts. */
  name: string;
  slug?: string;
  slugField?: string;
  /** The data file, from the project root: content/blog/x/index.yaml. */
  file: string;
  dirpath: string;
  format: 'yaml' | 'json';
  schema: Record<string, ComponentSchema>;
};

type AnyConfig = {
  collections?: Record<
    string,
    {
      path?: string;
      slugField: string;
      schema: Record<string, ComponentSchema>;
      format?: { data?: 'yaml' | 'json' };
    }
  >;
  singletons?: Record<
    string,
    { path?: string; schema: Record<string, ComponentSchema>; format?: { data?: 'yaml' | 'json' } }
  >;
};

export function editorFiles(config: unknown, root = process.cwd()): EditorFile[] {
  const { collections = {}, singletons = {} } = config as AnyConfig;
  const files: EditorFile[] = [];
  for (const [name, collection] of Object.entries(collections)) {
    const glob = collection.path ?? '';
    if (!/^[\w/-]+\/\*\/$/.test(glob))
      throw new Error(`collection ${name}: expected a path like content/<name>/*/, not ${glob}`);
    const base = glob.slice(0, -'*/'.length);
    const format = collection.format?.data ?? 'yaml';
    const dir = path.join(root, base);
    const slugs = existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => entry.name)
          .sort()
      : [];
    for (const slug of slugs)
      files.push({
        name,
        slug,
        slugField: collection.slugField,
        file: `${base}${slug}/index.${format}`,
        dirpath: `${base}${slug}`,
        format,
        schema: collection.schema,
      });
  }
  for (const [name, singleton] of Object.entries(singletons)) {
    const base = singleton.path ?? '';
    if (!base.endsWith('/'))
      throw new Error(`singleton ${name}: expected a path like content/<name>/, not ${base}`);
    const format = singleton.format?.data ?? 'yaml';
    files.push({
      name,
      file: `${base}index.${format}`,
      dirpath: base.slice(0, -1),
      format,
      schema: singleton.schema,
    });
  }
  return files;
}

export type RoundTrip = {
  source: string;
  /** The file as the editor would write it back. */
  written: string;
  /** The pictures its fields hold, where the editor would write them. */
  assets: SerializedEntry['assets'];
  /** The pictures the file names now. */
  read: string[];
};

/** Reads a file through the editor's schema and writes it back as the editor would. */
export function roundTrip(entry: EditorFile, root = process.cwd()): RoundTrip {
  const source = readFileSync(path.join(root, entry.file), 'utf8');
  const read: string[] = [];
  const context = {
    slug: entry.slug,
    slugField: entry.slugField,
    dirpath: entry.dirpath,
    readAsset: (file: string) => {
      read.push(file);
      const absolute = path.join(root, file);
      return existsSync(absolute) ? new Uint8Array(readFileSync(absolute)) : undefined;
    },
  };
  const state = parseEntry(entry.schema, loadData(source, entry.format), context);
  const { value, assets } = serializeEntry(entry.schema, state, context);
  return { source, written: formatData(value, entry.format), assets, read };
}
