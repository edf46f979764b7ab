import 'server-only';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { samplePartFields, siteConfig } from '@/config/site';
import { contentRoot } from './paths';

/**
 * The fictional sample content that ships with the site and is still
 * published: each entry marked `sample: true` in its content file, and the
 * parts of the agency's details (content/site/index.json) its `samples` list names. A production start
 * names every one of them in a warning, so a real agency sees what is left
 * to replace (README, "Make it yours").
 */
export type SampleItem = { kind: string; name: string; file: string };

type Entry = Record<string, unknown> & { texts?: { en?: Record<string, unknown> } };

/** What a collection's entries are called, and the field that names one. */
const collections = [
  { dir: 'cases', kind: 'case study', name: (data: Entry) => data.name },
  { dir: 'testimonials', kind: 'testimonial', name: (data: Entry) => data.texts?.en?.author },
  { dir: 'team', kind: 'team member', name: (data: Entry) => data.texts?.en?.name },
] as const;

async function readEntryFile(file: string): Promise<Entry | undefined> {
  try {
    const data: unknown = load(await readFile(file, 'utf8'), { schema: CORE_SCHEMA });
    return data && typeof data === 'object' ? (data as Entry) : undefined;
  } catch {
    return undefined;
  }
}

export async function publishedSamples(root = contentRoot): Promise<SampleItem[]> {
  const items: SampleItem[] = siteConfig.samples.map((part) => ({
    kind: 'site details',
    // The part and its fields: the legal texts name the company by the legal details.
    name: `${part} (${samplePartFields[part].join(', ')})`,
    // Which part of the details: the file holds them all.
    file: `content/site/index.json: ${part}`,
  }));
  const about = await readEntryFile(
    path.join(/* turbopackIgnore: true */ root, 'about', 'index.yaml'),
  );
  if (about?.sample === true) items.push({ kind: 'page', name: 'About', file: 'content/about' });
  for (const collection of collections) {
    // Read at start from the folder given (content/ is copied beside the server).
    const dir = path.join(/* turbopackIgnore: true */ root, collection.dir);
    const slugs = (await readdir(dir, { withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    for (const slug of slugs) {
      const data = await readEntryFile(path.join(dir, slug, 'index.yaml'));
      if (data?.sample !== true || data.draft === true) continue;
      const name = collection.name(data);
      items.push({
        kind: collection.kind,
        name: typeof name === 'string' ? name : slug,
        file: `content/${collection.dir}/${slug}`,
      });
    }
  }
  return items;
}

/** One line naming every sample item, grouped by kind: what the warning says. */
export function describeSamples(items: SampleItem[]): string {
  const groups = new Map<string, string[]>();
  for (const item of items) groups.set(item.kind, [...(groups.get(item.kind) ?? []), item.name]);
  return [...groups].map(([kind, names]) => `${kind}: ${names.join(', ')}`).join('; ');
}
