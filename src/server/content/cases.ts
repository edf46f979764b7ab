import 'server-only';
import type { Root } from 'hast';
import { cache } from 'react';
import { z } from 'zod';
import { serviceSlugs, type ServiceSlug } from '@/config/services';
import type { Locale } from '@/i18n/locales';
import { ContentError } from '@/lib/markdown/frontmatter';
import type { ImageSize } from '@/lib/markdown/rehype-images';
import { markdownToHast } from '@/lib/markdown/render';
import { assertSharedFields, entrySlugs, readAllLanguages, readYamlEntry } from './entries';
import { resolveImageSize } from './images';

const text = z.string().trim().min(1);
const between = (min: number, max: number) => z.string().trim().min(min).max(max);
const picture = (folder: 'cases' | 'clients') =>
  z
    .string()
    .regex(
      new RegExp(`^/images/${folder}/[a-z0-9-]+(?:/[\\w.-]+)?\\.(svg|png|jpe?g|webp|avif)$`),
      `a picture committed under public/images/${folder}/`,
    );

export const caseSchema = z
  .object({
    /** Fictional sample content that ships with the site: the agency replaces it. */
    sample: z.boolean().optional(),
    /** Shown on the home page ("selected work"); the first one also in its hero. */
    featured: z.boolean().optional(),
    /** When the text last changed: the sitemap's lastmod. */
    updated: z.iso.date(),
    client: z.object({
      name: between(2, 60),
      industry: between(3, 60),
      location: between(3, 60),
      logo: picture('clients'),
    }),
    services: z.array(z.enum(serviceSlugs)).min(1).max(4),
    /** The year the work launched. */
    year: z.number().int().min(2000).max(2100),
    weeks: z.number().int().min(1).max(260),
    /** People on the agency's side. */
    team: z.number().int().min(1).max(100),
    stack: z.array(text).min(1).max(12).optional(),
    seo: z.object({ title: text.max(70), description: between(80, 200) }),
    title: between(30, 100),
    summary: between(80, 240),
    task: between(150, 800),
    work: z
      .array(z.object({ title: between(2, 80), text: between(40, 450) }))
      .min(2)
      .max(6),
    results: z
      .array(z.object({ value: between(1, 12), label: between(10, 140) }))
      .min(2)
      .max(4),
    cover: z.object({ src: picture('cases'), alt: between(10, 300) }),
    gallery: z
      .array(z.object({ src: picture('cases'), alt: between(10, 300), caption: between(10, 200) }))
      .max(4),
  })
  .strict();

type CaseData = z.infer<typeof caseSchema>;
type Picture = { src: string; alt: string } & ImageSize;

export type CaseMeta = Omit<CaseData, 'cover' | 'gallery' | 'work' | 'client'> & {
  slug: string;
  client: CaseData['client'] & { logoSize: ImageSize };
  cover: Picture;
};
export type CaseStudy = CaseMeta & {
  /** Each step's text may link to a service. */
  work: { title: string; text: Root }[];
  gallery: (Picture & { caption: string })[];
};

export const getCaseSlugs = cache(() => entrySlugs('cases'));

function sized<T extends { src: string }>(file: string, field: string, picture: T): T & ImageSize {
  try {
    return { ...picture, ...resolveImageSize(picture.src) };
  } catch (error) {
    throw new ContentError(`${file}: ${field}: ${(error as Error).message}`);
  }
}

/** A case in all four languages, checked: what every language shares is the same in each file. */
const readCase = cache(async (slug: string) => {
  const files = await readAllLanguages((locale) =>
    readYamlEntry('cases', slug, locale, caseSchema),
  );
  assertSharedFields<{ data: CaseData }>(`content/cases/${slug}`, files, {
    sample: ({ data }) => data.sample ?? false,
    featured: ({ data }) => data.featured ?? false,
    'client.name': ({ data }) => data.client.name,
    'client.logo': ({ data }) => data.client.logo,
    services: ({ data }) => data.services,
    year: ({ data }) => data.year,
    weeks: ({ data }) => data.weeks,
    team: ({ data }) => data.team,
    stack: ({ data }) => data.stack ?? [],
    'cover.src': ({ data }) => data.cover.src,
    'gallery[].src': ({ data }) => data.gallery.map((picture) => picture.src),
    'results (count)': ({ data }) => data.results.length,
  });
  return files;
});

function caseMeta(slug: string, data: CaseData, file: string): CaseMeta {
  const { cover, gallery: _gallery, work: _work, client, ...rest } = data;
  return {
    ...rest,
    slug,
    client: { ...client, logoSize: sized(file, 'client.logo', { src: client.logo }) },
    cover: sized(file, 'cover', cover),
  };
}

/** Every case of a language: the newest work first, then by client name. */
export const getCases = cache(async (locale: Locale): Promise<CaseMeta[]> => {
  const slugs = await getCaseSlugs();
  const cases = await Promise.all(
    slugs.map(async (slug) => {
      const { data, file } = (await readCase(slug))[locale];
      return caseMeta(slug, data, file);
    }),
  );
  return cases.sort((a, b) => b.year - a.year || a.client.name.localeCompare(b.client.name));
});

/** The cases that used a service, newest first. */
export const getCasesForService = cache(async (locale: Locale, service: ServiceSlug) =>
  (await getCases(locale)).filter((item) => item.services.includes(service)),
);

/** The services that have at least one case, in the menu's order: the portfolio's filter. */
export const getCaseServices = cache(async (): Promise<ServiceSlug[]> => {
  const used = new Set((await getCases('en')).flatMap((item) => item.services));
  return serviceSlugs.filter((slug) => used.has(slug));
});

export const getCase = cache(
  async (slug: string, locale: Locale): Promise<CaseStudy | undefined> => {
    if (!(await getCaseSlugs()).includes(slug)) return undefined;
    const { data, file } = (await readCase(slug))[locale];
    const work = await Promise.all(
      data.work.map(async (step, index) => ({
        title: step.title,
        text: await markdownToHast(step.text).catch((error: Error) => {
          throw new ContentError(`${file}: work[${index}].text: ${error.message}`);
        }),
      })),
    );
    return {
      ...caseMeta(slug, data, file),
      work,
      gallery: data.gallery.map((picture, index) => sized(file, `gallery[${index}]`, picture)),
    };
  },
);

/** Up to three other cases, those that share the most services with this one first. */
export const getRelatedCases = cache(async (slug: string, locale: Locale): Promise<CaseMeta[]> => {
  const cases = await getCases(locale);
  const current = cases.find((item) => item.slug === slug);
  if (!current) return [];
  const shared = (item: CaseMeta) =>
    item.services.filter((service) => current.services.includes(service)).length;
  return cases
    .filter((item) => item.slug !== slug)
    .map((item, index) => ({ item, index, score: shared(item) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, 3)
    .map(({ item }) => item);
});
