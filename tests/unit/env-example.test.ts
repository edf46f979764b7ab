import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { serverEnvSchema } from '@/server/env';

/**
 * `.env.example` and docs/configuration.md name every variable the site reads:
 * the server's schema, every read of the environment in the code, and what
 * compose.yaml takes from the shell. A variable added without them fails here.
 */

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Names that look like variables in the code but are not read from the environment. */
const notVariables: [RegExp, string][] = [
  [/^APP_/, 'constants the build compiles into the code (`define`), made from other variables'],
  [/^(PROD|DEV|SSR|MODE|BASE_URL)$/, "Vite's own flags on import.meta.env"],
];

/**
 * Read by the tests and tools from the shell, never by the site; they do not
 * read .env, so .env.example leaves them out (docs/configuration.md has them).
 */
const toolsOnly = new Set([
  'TEST_DATABASE_URL',
  'CHROMIUM_PATH',
  'CI',
  'E2E_PORT',
  'E2E_SUITE',
  'E2E_DATA_DIR',
  'E2E_OUTPUT_DIR',
  'EDITOR_E2E_PORT',
  'BENCH_PORT',
  'LANGS',
  'WIDTHS',
  'FULL',
]);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (
      /\.(ts|tsx|mts|mjs|astro)$/.test(entry.name) &&
      !/\.(test|spec)\.tsx?$/.test(entry.name)
    )
      yield file;
  }
}

/** Every variable name the code reads, by the ways it reads them. */
function variablesInCode(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [
    // process.env.X, import.meta.env.X, and a parsed copy: env.X, siteEnv.X, serverEnv().X
    /\b(?:process\.env|import\.meta\.env|\w*[eE]nv(?:\(\))?)\??\.([A-Z][A-Z0-9_]*)\b/g,
    /\b(?:process\.env|import\.meta\.env|\w*[eE]nv)\[['"]([A-Z][A-Z0-9_]*)['"]\]/g,
    // the keys of the zod schemas the environment is parsed with
    /^\s+([A-Z][A-Z0-9_]{2,}): (?:z\.|optional\()/gm,
  ];
  // Names listed as strings, in a file that looks a variable up by name (the
  // editor's secrets, the settings that go together).
  const listed = /['"]([A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9])['"]/g;
  const files = [
    ...sourceFiles('src'),
    ...sourceFiles('scripts'),
    ...sourceFiles('bench'),
    ...readdirSync(root).filter((name) => /\.config\.(ts|mts|mjs)$/.test(name)),
  ];
  for (const file of files) {
    const text = read(file);
    const byName = /\b\w*[eE]nv\[\w+\]/.test(text);
    for (const pattern of byName ? [...patterns, listed] : patterns)
      for (const [, name] of text.matchAll(pattern)) if (!found.has(name!)) found.set(name!, file);
  }
  for (const name of Object.keys(serverEnvSchema.shape)) found.set(name, 'src/server/env.ts');
  return found;
}

/** What compose.yaml reads from the shell or .env: `${X}` and variables passed on by name. */
function variablesInCompose(): string[] {
  const text = read('compose.yaml');
  const names = new Set([...text.matchAll(/\$\{([A-Za-z_]\w*)/g)].map(([, name]) => name!));
  const compose = yaml.load(text) as {
    services: Record<string, { environment?: Record<string, unknown> }>;
  };
  for (const service of Object.values(compose.services))
    for (const [name, value] of Object.entries(service.environment ?? {}))
      if (value === null) names.add(name);
  return [...names];
}

const envExample = read('.env.example');
const exampleLines = [...envExample.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(
  ([line, name, value]) => ({ line, name: name!, value: value! }),
);
const exampleNames = new Set(exampleLines.map(({ name }) => name));
const configuration = read('docs/configuration.md');
/** The names in the first column of the tables. */
const documented = new Set(
  configuration
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) =>
      [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map(([, n]) => n!),
    ),
);

describe('.env.example and docs/configuration.md', () => {
  const inCode = variablesInCode();
  const variables = [...new Set([...inCode.keys(), ...variablesInCompose()])].filter(
    (name) => !notVariables.some(([pattern]) => pattern.test(name)),
  );

  it('finds the variables it checks', () => {
    // The scan itself works: known reads of each kind are among them.
    expect(variables).toEqual(
      expect.arrayContaining([
        'DATABASE_URL',
        'PORT',
        'HOSTNAME',
        'HOST',
        'SITE_URL',
        'METRIKA_COUNTER_ID',
        'KEYSTATIC_SECRET',
        'PUBLIC_KEYSTATIC_GITHUB_REPO',
        'POSTGRES_PASSWORD',
        'SITE_DOMAIN',
        'BACKUP_KEEP',
      ]),
    );
    expect(variables.length).toBeGreaterThan(50);
  });

  it('documents every variable in docs/configuration.md', () => {
    const missing = variables.filter((name) => !documented.has(name));
    expect(missing.map((name) => `${name} (${inCode.get(name) ?? 'compose.yaml'})`)).toEqual([]);
  });

  it('lists every variable the site reads in .env.example', () => {
    const missing = variables.filter((name) => !toolsOnly.has(name) && !exampleNames.has(name));
    expect(missing.map((name) => `${name} (${inCode.get(name) ?? 'compose.yaml'})`)).toEqual([]);
    // And nothing else: every line there is documented.
    expect([...exampleNames].filter((name) => !documented.has(name))).toEqual([]);
    for (const name of toolsOnly) expect(documented.has(name), name).toBe(true);
  });

  it('sets nothing until uncommented, and holds no secret and no real address', () => {
    expect(Object.keys(parseEnv(envExample))).toEqual([]);
    for (const { line } of exampleLines) expect(line.startsWith('# '), line).toBe(true);
    const secret = /PASSWORD|SECRET|TOKEN|DSN|SMTP_URL|DATABASE_URL|BITRIX24_WEBHOOK_URL|CLIENT_ID/;
    for (const { name, value } of exampleLines) {
      if (secret.test(name)) expect(value, name).toBe('');
      for (const [, host] of value.matchAll(/:\/\/(?:[^@/\s]*@)?([^/:\s]+)/g))
        expect(host, name).toMatch(
          /(^|\.)example\.com$|^localhost$|^127\.0\.0\.1$|^api\.telegram\.org$/,
        );
      for (const [, domain] of value.matchAll(/@([\w.-]+)/g))
        expect(domain, name).toMatch(/(^|\.)example\.com$/);
    }
  });
});
