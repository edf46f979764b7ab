import 'server-only';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { siteConfig } from '@/config/site';
import { contentRoot } from './paths';

/**
 * The fictional sample content that ships with the site and is still
 * published: each entry marked `sample: true` in its content file, and the
 * parts of src/config/site.ts its `samples` list names. A production start
 * names every one of them in a warning, so a real agency sees what is left
 * to replace (README, "Make it yours").
 */
export type SampleItem = { kind: string; name: string; file: string };

/** What a collection's entries are called, and the field that names one. */
const collections = [
  {
    dir: 'cases',
    kind: 'case study',
    name: (data: Record<string, unknown>) => (data.client as { name?: string } | undefined)?.name,
  },
  {
    dir: 'testimonials',
    kind: 'testimonial',
    name: (data: Record<string, unknown>) => data.author as string | undefined,
  },
  {
    dir: 'team',
    kind: 'team member',
    name: (data: Record<string, unknown>) => data.name as string | undefined,
  },
] as const;

async function readEnglish(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    const data: unknown = parseYaml(await readFile(file, 'utf8'));
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export async function publishedSamples(root = contentRoot): Promise<SampleItem[]> {
  const items: SampleItem[] = siteConfig.samples.map((part) => ({
    kind: 'site details',
    name: part,
    file: 'src/config/site.ts',
  }));
  const about = await readEnglish(path.join(root, 'about', 'en.yaml'));
  if (about?.sample === true) items.push({ kind: 'page', name: 'About', file: 'content/about' });
  for (const collection of collections) {
    const dir = path.join(root, collection.dir);
    const slugs = (await readdir(dir, { withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    for (const slug of slugs) {
      const data = await readEnglish(path.join(dir, slug, 'en.yaml'));
      if (data?.sample !== true || data.draft === true) continue;
      items.push({
        kind: collection.kind,
        name: collection.name(data) ?? slug,
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
