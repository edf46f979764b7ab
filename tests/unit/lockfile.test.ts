import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type LockPackage = {
  version?: string;
  os?: string[];
  cpu?: string[];
  optionalDependencies?: Record<string, string>;
};
const lock = JSON.parse(readFileSync(path.join(process.cwd(), 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockPackage>;
};

/** Where npm would look for a dependency of the package at `location`, nearest first. */
function resolves(location: string, name: string): boolean {
  let base = location;
  for (;;) {
    if (lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const index = base.lastIndexOf('node_modules/');
    base = index <= 0 ? '' : base.slice(0, index - 1);
  }
}

describe('package-lock.json', () => {
  it('is a lock npm ci installs from (v3)', () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it("names every optional dependency, so each system's native build installs from it", () => {
    const missing: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages))
      for (const name of Object.keys(entry.optionalDependencies ?? {}))
        if (!resolves(location, name)) missing.push(`${location || 'the project'} → ${name}`);
    expect(missing).toEqual([]);
  });

  it('holds the native builds of Linux, macOS and Windows for Astro, its bundler, Tailwind and the image renderer', () => {
    const platforms = (prefix: string) =>
      new Set(
        Object.entries(lock.packages)
          .filter(([location]) => location.startsWith(`node_modules/${prefix}`))
          .flatMap(([, entry]) => entry.os ?? []),
      );
    for (const prefix of [
      '@astrojs/compiler-binding-',
      '@rolldown/binding-',
      '@tailwindcss/oxide-',
      '@resvg/resvg-js-',
      '@esbuild/',
    ])
      expect([...platforms(prefix)], prefix).toEqual(
        expect.arrayContaining(['linux', 'darwin', 'win32']),
      );
  });
});
