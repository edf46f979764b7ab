import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ link to each other and to files of the repository: every
 * relative link leads to a file that exists and, with `#…`, to a heading in
 * it (by GitHub's rule for heading anchors). The README opens with the quick start.
 */

const root = path.resolve(import.meta.dirname, '../..');
const documents = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** A heading's anchor as GitHub makes it. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(file: string): Set<string> {
  const text = readFileSync(path.join(root, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading] of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count ? `${base}-${count}` : base);
  }
  return found;
}

describe('the documentation', () => {
  it.each(documents)('%s links to files and headings that exist', (document) => {
    const text = readFileSync(path.join(root, document), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue;
      const [file, anchor] = target!.split('#') as [string, string | undefined];
      const resolved = file ? path.join(path.dirname(document), file) : document;
      if (!existsSync(path.join(root, resolved))) broken.push(`${target}: no ${resolved}`);
      else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor))
        broken.push(`${target}: no heading #${anchor} in ${resolved}`);
    }
    expect(broken).toEqual([]);
  });

  it('opens the README with the quick start', () => {
    const lines = readFileSync(path.join(root, 'README.md'), 'utf8').split('\n');
    const firstScreen = lines.slice(0, 40).join('\n');
    expect(firstScreen).toMatch(/^## Quick start$/m);
    expect(firstScreen).toMatch(/Node\.js 24/);
    expect(firstScreen).toMatch(/^npm ci\b/m);
    expect(firstScreen).toMatch(/^npm run build && npm start\b/m);
    expect(firstScreen).toMatch(/^npm test\b/m);
    expect(firstScreen).toMatch(/^npm run test:release\b/m);
    expect(firstScreen).toContain('(docs/channels.md)');
    expect(firstScreen).toContain('(docs/deploy.md)');
  });
});
