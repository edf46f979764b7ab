import 'server-only';
import type { Root } from 'hast';
import { cache } from 'react';
import { z } from 'zod';
import { serviceSlugs, type ServiceSlug } from '@/config/services';
import { langCodes, localeInfo, type Locale } from '@/i18n/locales';
import { ContentError } from '@/lib/content/validate';
import type { ImageSize } from '@/lib/markdown/rehype-images';
import { markdownToHast } from '@/lib/markdown/render';
import { entrySlugs, perLanguage, readEntry, showDrafts, textsFor } from './entries';
import { resolveImageSize } from './images';
import { checkInternalLinks } from './links';
import { errorMessage } from '@/lib/errors';

const text = z.string().trim().min(1);
const between = (min: number, max: number) => z.string().trim().min(min).max(max);

const caseTextsSchema = z
  .object({
    /** When the text last changed: the sitemap's lastmod. */
    updated: z.iso.date(),
    industry: between(3, 60),
    location: between(3, 60),
    seo: z.object({ title: text.max(70), description: between(80, 200) }),
    title: between(30, 100),
    summary: between(80, 240),
    task: between(150, 800),
    /** Each step's text is Markdown and may link to a service. */
    work: z
      .array(z.object({ title: between(2, 80), text: between(40, 450) }))
      .min(2)
      .max(6),
    results: z
      .array(z.object({ value: between(1, 12), label: between(10, 140) }))
      .min(2)
      .max(4),
    coverAlt: between(10, 300),
    /** The texts of the pictures under `gallery`, in the same order. */
    gallery: z.array(z.object({ alt: between(10, 300), caption: between(10, 200) })).max(4),
  })
  .strict();

export const caseEntrySchema = z
  .object({
    /** The client's name, the same in every language. */
    name: between(2, 60),
    /** Fictional sample content that ships with the site: the agency replaces it. */
    sample: z.boolean().optional(),
    /** Shown on the home page ("selected work"); the first one also in its hero. */
    featured: z.boolean().optional(),
    /** A draft is shown while developing, never in a production build. */
    draft: z.boolean().optional(),
    logo: z.string(),
    services: z.array(z.enum(serviceSlugs)).min(1).max(4),
    /** The year the work launched. */
    year: z.number().int().min(2000).max(2100),
    weeks: z.number().int().min(1).max(260),
    /** People on the agency's side. */
    team: z.number().int().min(1).max(100),
    stack: z.array(text).max(12).optional(),
    cover: z.string(),
    gallery: z.array(z.string()).max(4),
    texts: perLanguage(caseTextsSchema),
  })
  .strict();

type CaseEntry = z.infer<typeof caseEntrySchema>;
type CaseTexts = z.infer<typeof caseTextsSchema>;
type Picture = { src: string; alt: string } & ImageSize;

export type CaseMeta = Pick<
  CaseEntry,
  'sample' | 'featured' | 'services' | 'year' | 'weeks' | 'team' | 'stack'
> &
  Pick<CaseTexts, 'updated' | 'seo' | 'title' | 'summary' | 'task' | 'results'> & {
    slug: string;
    client: { name: string; industry: string; location: string; logo: string; logoSize: ImageSize };
    cover: Picture;
  };
export type CaseStudy = CaseMeta & {
  /** Each step's text may link to a service. */
  work: { title: string; text: Root }[];
  gallery: (Picture & { caption: string })[];
};

/** A picture of a case: under public/images/cases/<the case>/, where the editor puts it. */
function picture(
  file: string,
  slug: string,
  field: string,
  src: string,
): { src: string } & ImageSize {
  if (
    !new RegExp(`^/images/cases/${slug}/[\\w./-]+\\.(svg|png|jpe?g|webp|avif)$`).test(src) ||
    src.includes('..')
  )
    throw new ContentError(
      `${file}: ${field}: the picture belongs in public/images/cases/${slug}/, beside its case`,
    );
  try {
    return { src, ...resolveImageSize(src) };
  } catch (error) {
    throw new ContentError(`${file}: ${field}: ${errorMessage(error)}`);
  }
}

const readCase = cache(async (slug: string) => {
  const entry = await readEntry('cases', slug, caseEntrySchema);
  const { data, file } = entry;
  for (const code of langCodes) {
    const texts = data.texts[code];
    if (texts.gallery.length !== data.gallery.length)
      throw new ContentError(
        `${file}: texts.${code}.gallery: ${texts.gallery.length} picture texts for ${data.gallery.length} pictures; each picture has its alt text and caption in every language`,
      );
    if (texts.results.length !== data.texts.en.results.length)
      throw new ContentError(
        `${file}: texts.${code}.results: ${texts.results.length} results where English has ${data.texts.en.results.length}; every language shows the same results`,
      );
  }
  return entry;
});

/** The cases a build shows: every one but drafts (which only development shows). */
export const getCaseSlugs = cache(async (): Promise<string[]> => {
  const slugs = await entrySlugs('cases');
  const entries = await Promise.all(slugs.map(readCase));
  return slugs.filter((_, index) => showDrafts || !entries[index]!.data.draft);
});

function caseMeta(slug: string, data: CaseEntry, texts: CaseTexts, file: string): CaseMeta {
  return {
    slug,
    sample: data.sample,
    featured: data.featured,
    services: data.services,
    year: data.year,
    weeks: data.weeks,
    team: data.team,
    stack: data.stack,
    updated: texts.updated,
    seo: texts.seo,
    title: texts.title,
    summary: texts.summary,
    task: texts.task,
    results: texts.results,
    client: {
      name: data.name,
      industry: texts.industry,
      location: texts.location,
      logo: data.logo,
      logoSize: picture(file, slug, 'logo', data.logo),
    },
    cover: { ...picture(file, slug, 'cover', data.cover), alt: texts.coverAlt },
  };
}

async function caseIn(slug: string, locale: Locale) {
  const { data, file } = await readCase(slug);
  return { data, file, texts: textsFor(data.texts, locale, file) };
}

/** Every case of a language: the newest work first, then by client name. */
export const getCases = cache(async (locale: Locale): Promise<CaseMeta[]> => {
  const slugs = await getCaseSlugs();
  const cases = await Promise.all(
    slugs.map(async (slug) => {
      const { data, file, texts } = await caseIn(slug, locale);
      return caseMeta(slug, data, texts, file);
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
    const { data, file, texts } = await caseIn(slug, locale);
    const where = `${file}: texts.${localeInfo[locale].code}`;
    const work = await Promise.all(
      texts.work.map(async (step, index) => {
        const field = `${where}.work[${index}].text`;
        const tree = await markdownToHast(step.text).catch((error: Error) => {
          throw new ContentError(`${field}: ${error.message}`);
        });
        await checkInternalLinks(tree, field);
        return { title: step.title, text: tree };
      }),
    );
    return {
      ...caseMeta(slug, data, texts, file),
      work,
      gallery: data.gallery.map((src, index) => ({
        ...picture(file, slug, `gallery[${index}]`, src),
        ...texts.gallery[index]!,
      })),
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
