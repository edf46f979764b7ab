import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AstroUserConfig } from 'astro';
import { CORE_SCHEMA, dump, load } from 'js-yaml';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import config from '../../keystatic.config';
import { editorFiles, roundTrip } from '@/lib/editor/files';

const root = process.cwd();
const files = editorFiles(config);

/** Every data file under content/, found on disk rather than through the editor. */
function dataFilesOnDisk(dir = path.join(root, 'content')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return dataFilesOnDisk(full);
    return /^index\.(yaml|json)$/.test(entry.name) ? [path.relative(root, full)] : [];
  });
}

describe('the content editor (keystatic.config.ts)', () => {
  it('knows every content file, in each of its collections and single pages', () => {
    expect(files.map((entry) => entry.file).sort()).toEqual(dataFilesOnDisk().sort());
    const names = new Set(files.map((entry) => entry.name));
    for (const name of [
      'services',
      'blog',
      'cases',
      'testimonials',
      'team',
      'legal',
      'site',
      'about',
      'redirects',
    ])
      expect(names, name).toContain(name);
  });

  it.each(files.map((entry) => [entry.file, entry] as const))(
    '%s reads through its schema and is written back unchanged',
    (_, entry) => {
      const { source, written, assets, read } = roundTrip(entry);
      expect(written).toBe(source);
      // Its pictures are already where, and named as, the editor writes them.
      expect(assets.map((asset) => asset.file).sort()).toEqual([...read].sort());
      for (const asset of assets) expect(asset.file).toMatch(/^public\/images\//);
    },
  );

  it('edits the redirects from the old site in the file the site serves them from', async () => {
    const { redirectsFile } = await import('@/server/content/redirects');
    const entry = files.find((item) => item.name === 'redirects');
    expect(entry && path.join(root, entry.file)).toBe(redirectsFile);
    const list = entry?.schema.redirects as { kind: string; element?: { fields?: object } };
    expect(list.kind).toBe('array');
    expect(Object.keys(list.element?.fields ?? {})).toEqual(['from', 'to', 'note']);
  });

  it('shows each entry’s four languages side by side', () => {
    for (const [name, collection] of Object.entries(config.collections ?? {})) {
      const texts = (
        collection.schema as Record<string, { kind: string; fields?: object; layout?: number[] }>
      ).texts;
      expect(texts?.kind, name).toBe('object');
      expect(Object.keys(texts!.fields!), name).toEqual(['ru', 'en', 'kz', 'ua']);
      expect(texts!.layout, name).toEqual([6, 6, 6, 6]);
    }
  });
});

/**
 * A copy of the project's content in a scratch folder, read by fresh copies of
 * the site's loaders (what the build runs): each mistake fails, naming the
 * file and the field.
 */
describe('a mistake in content fails the build, naming the entry and the field', () => {
  let scratch: string;

  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'content-'));
    cpSync(path.join(root, 'content'), path.join(scratch, 'content'), { recursive: true });
    symlinkSync(path.join(root, 'public'), path.join(scratch, 'public'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  afterEach(() => {
    cpSync(path.join(root, 'content'), path.join(scratch, 'content'), { recursive: true });
    rmSync(path.join(scratch, 'content/services/nope'), { recursive: true, force: true });
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  /** Any entry's data, as the mistakes below reach into it. */
  /** An entry's file as read: its texts in each language, and whatever else it holds. */
  type Data = {
    texts: Partial<Record<'ru' | 'en' | 'kz' | 'ua', Record<string, string>>>;
    [field: string]: unknown;
  };

  /** Edits an entry's data file in the scratch copy. */
  function edit(file: string, change: (data: Data) => void) {
    const full = path.join(scratch, file);
    const data = load(readFileSync(full, 'utf8'), { schema: CORE_SCHEMA }) as Data;
    change(data);
    writeFileSync(full, dump(data));
  }

  /** The loaders, loaded afresh over the scratch copy. */
  async function loaders() {
    vi.spyOn(process, 'cwd').mockReturnValue(scratch);
    vi.resetModules();
    return {
      blog: await import('@/server/content/blog'),
      cases: await import('@/server/content/cases'),
      services: await import('@/server/content/services'),
      testimonials: await import('@/server/content/testimonials'),
      samples: await import('@/server/content/samples'),
    };
  }

  it('a missing language', async () => {
    edit('content/services/web/index.yaml', (data) => delete data.texts.kz);
    const { services } = await loaders();
    await expect(services.getServiceContent('web', 'en')).rejects.toThrow(
      /^content\/services\/web\/index\.yaml: invalid content\n\s+- texts\.kz: the kz texts are missing: every entry is written in all four languages/,
    );
  });

  it('a broken link', async () => {
    edit('content/blog/trigger-emails/index.yaml', (data) => {
      data.texts.ua!.body = `Див. [наші послуги](/services/nope).\n\n${data.texts.ua!.body}`;
    });
    const { blog } = await loaders();
    await expect(blog.getArticle('trigger-emails', 'uk')).rejects.toThrow(
      'content/blog/trigger-emails/index.yaml: texts.ua.body: link "наші послуги" (line 1): no page at /services/nope',
    );
  });

  it('an unknown service, in a case and as a new folder', async () => {
    edit('content/cases/lemberg-cargo-crm/index.yaml', (data) => {
      data.services = ['crm', 'nope'];
    });
    cpSync(
      path.join(scratch, 'content/services/web'),
      path.join(scratch, 'content/services/nope'),
      {
        recursive: true,
      },
    );
    const { cases, services } = await loaders();
    await expect(cases.getCases('en')).rejects.toThrow(
      /^content\/cases\/lemberg-cargo-crm\/index\.yaml: invalid content\n\s+- services\.1: /,
    );
    await expect(services.getServiceContent('seo', 'en')).rejects.toThrow(
      /^content\/services\/nope: not one of the services in src\/config\/services\.ts/,
    );
  });

  it('a picture missing from public/', async () => {
    edit('content/cases/steppe-bean-shop/index.yaml', (data) => {
      data.cover = '/images/cases/steppe-bean-shop/missing.svg';
    });
    const { cases } = await loaders();
    await expect(cases.getCases('ru')).rejects.toThrow(
      'content/cases/steppe-bean-shop/index.yaml: cover: image /images/cases/steppe-bean-shop/missing.svg: no such file in public/',
    );
  });

  it('a case study marked as a draft: shown in development, left out of a production build with its testimonial', async () => {
    edit('content/cases/steppe-bean-shop/index.yaml', (data) => {
      data.draft = true;
    });
    vi.stubEnv('NODE_ENV', 'development');
    let { cases, testimonials } = await loaders();
    expect(await cases.getCaseSlugs()).toContain('steppe-bean-shop');
    expect((await testimonials.getTestimonials('en')).map((item) => item.case)).toContain(
      'steppe-bean-shop',
    );
    vi.stubEnv('NODE_ENV', 'production');
    const production = await loaders();
    ({ cases, testimonials } = production);
    expect(await cases.getCaseSlugs()).not.toContain('steppe-bean-shop');
    expect(await cases.getCase('steppe-bean-shop', 'en')).toBeUndefined();
    expect((await cases.getCases('en')).map((item) => item.slug)).not.toContain('steppe-bean-shop');
    expect((await testimonials.getTestimonials('en')).map((item) => item.case)).not.toContain(
      'steppe-bean-shop',
    );
    // Not published, so not named among the samples still published either.
    const published = await production.samples.publishedSamples(path.join(scratch, 'content'));
    expect(published.map((item) => item.file)).not.toContain('content/cases/steppe-bean-shop');
    expect(published.map((item) => item.file)).toContain('content/cases/sapar-pay-platform');
  });

  it('a link to a draft, in a production build only', async () => {
    const draft = files.find(
      (entry) =>
        entry.name === 'blog' &&
        (load(readFileSync(path.join(root, entry.file), 'utf8')) as { draft?: boolean }).draft,
    )?.slug;
    expect(draft, 'a draft article ships with the site').toBeDefined();
    edit('content/blog/trigger-emails/index.yaml', (data) => {
      data.texts.en!.body = `Next: [our discovery notes](/blog/${draft}).\n\n${data.texts.en!.body}`;
    });
    // Development shows drafts, and the link works there.
    vi.stubEnv('NODE_ENV', 'development');
    let { blog } = await loaders();
    expect(await blog.getArticleSlugs()).toContain(draft);
    await expect(blog.getArticle('trigger-emails', 'en')).resolves.toBeDefined();
    // A production build has no such page, so the link is broken there.
    vi.stubEnv('NODE_ENV', 'production');
    ({ blog } = await loaders());
    expect(await blog.getArticleSlugs()).not.toContain(draft);
    expect(await blog.getArticle(draft!, 'en')).toBeUndefined();
    await expect(blog.getArticle('trigger-emails', 'en')).rejects.toThrow(
      `content/blog/trigger-emails/index.yaml: texts.en.body: link "our discovery notes" (line 1): no page at /blog/${draft}`,
    );
  });
});

describe('where the editor saves', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    process.argv = argv;
  });
  const argv = process.argv;

  it('in local mode without a repository; in GitHub mode on branches for pull requests with one', async () => {
    const { editorStorage } = await import('@/lib/editor/storage');
    // The editor's code reads what Vite wrote into import.meta.env (vi.stubEnv sets it too).
    vi.stubEnv('PUBLIC_KEYSTATIC_GITHUB_REPO', '');
    expect(editorStorage()).toEqual({ kind: 'local' });
    vi.stubEnv('PUBLIC_KEYSTATIC_GITHUB_REPO', 'ortus-digital/site');
    expect(editorStorage()).toEqual({
      kind: 'github',
      repo: 'ortus-digital/site',
      branchPrefix: 'content/',
    });
    vi.stubEnv('PUBLIC_KEYSTATIC_BRANCH_PREFIX', 'edits/');
    expect(editorStorage()).toMatchObject({ branchPrefix: 'edits/' });
    vi.stubEnv('PUBLIC_KEYSTATIC_GITHUB_REPO', 'not a repo');
    expect(() => editorStorage()).toThrow('PUBLIC_KEYSTATIC_GITHUB_REPO must be "owner/name"');
  });

  it('a production build has the editor only in GitHub mode, and then only with its secrets', async () => {
    const { editorInBuild, missingGithubSecrets, secretsTheEditorLacks } =
      await import('@/lib/editor/storage');
    expect(editorInBuild('development', {})).toBe(true);
    expect(editorInBuild('production', {})).toBe(false);
    expect(editorInBuild('production', { PUBLIC_KEYSTATIC_GITHUB_REPO: 'o/r' })).toBe(true);
    expect(missingGithubSecrets({ KEYSTATIC_GITHUB_CLIENT_ID: 'id' })).toEqual([
      'KEYSTATIC_GITHUB_CLIENT_SECRET',
      'KEYSTATIC_SECRET',
    ]);
    const github = { kind: 'github', repo: 'o/r', branchPrefix: 'content/' } as const;
    expect(secretsTheEditorLacks({ dev: false, storage: github, env: {} })).toHaveLength(3);
    // Keystatic's own setup creates the GitHub App in development; local mode needs none.
    expect(secretsTheEditorLacks({ dev: true, storage: github, env: {} })).toEqual([]);
    expect(secretsTheEditorLacks({ dev: false, storage: { kind: 'local' }, env: {} })).toEqual([]);
  });

  /** The integrations astro.config.mjs gives `astro build` or `astro dev`. */
  async function integrations(command: 'build' | 'dev'): Promise<string[]> {
    process.argv = [argv[0]!, 'astro', command];
    vi.resetModules();
    // A JavaScript file, which TypeScript reads no types from.
    const file = '../../astro.config.mjs';
    const { default: astroConfig } = (await import(/* @vite-ignore */ file)) as {
      default: AstroUserConfig;
    };
    return (astroConfig.integrations ?? []).flat().flatMap((item) => (item ? [item.name] : []));
  }

  it('the editor’s routes are part of the development build, and of a production one only in GitHub mode', async () => {
    vi.stubEnv('PUBLIC_KEYSTATIC_GITHUB_REPO', '');
    expect(await integrations('build')).not.toContain('keystatic');
    expect(await integrations('build')).not.toContain('agency:editor');
    expect(await integrations('dev')).toEqual(
      expect.arrayContaining(['keystatic', 'agency:editor']),
    );
    vi.stubEnv('PUBLIC_KEYSTATIC_GITHUB_REPO', 'ortus-digital/site');
    expect(await integrations('build')).toEqual(
      expect.arrayContaining(['keystatic', 'agency:editor']),
    );
  });
});
