import 'server-only';
import type { Root } from 'hast';
import { cache } from 'react';
import { z } from 'zod';
import { serviceSlugs, type ServiceSlug } from '@/config/services';
import { localeInfo, type Locale } from '@/i18n/locales';
import { ContentError } from '@/lib/content/validate';
import { markdownToHast } from '@/lib/markdown/render';
import { entrySlugs, optionalText, perLanguage, readEntry, textsFor } from './entries';
import { checkInternalLinks } from './links';

const text = z.string().trim().min(1);
const titled = z.object({ title: text, text });

const serviceTextsSchema = z
  .object({
    /** When the text last changed in substance: the sitemap's lastmod. */
    updated: z.iso.date(),
    seo: z.object({ title: text.max(70), description: z.string().trim().min(80).max(200) }),
    hero: z.object({ title: text, lead: z.string().trim().min(80).max(400) }),
    includes: z.array(titled).min(5),
    process: z.array(titled.extend({ duration: optionalText })).min(4),
    deliverables: z.array(text).min(3),
    technologies: z.array(text).min(3),
    /** Answers may hold inline Markdown (links to the calculator, say). */
    faq: z.array(z.object({ question: text, answer: text })).min(4),
  })
  .strict();

export const serviceEntrySchema = z
  .object({
    /** The service's name in the editor's list; the site's own comes from the messages. */
    name: text,
    related: z.array(z.enum(serviceSlugs)).min(2).max(4),
    texts: perLanguage(serviceTextsSchema),
  })
  .strict();

export type ServiceContent = Omit<z.infer<typeof serviceTextsSchema>, 'faq'> & {
  slug: ServiceSlug;
  related: ServiceSlug[];
  faq: { question: string; answer: Root }[];
};

/**
 * The folders under content/services are exactly the 14 services: a service
 * is code too (its icon, calculator, menu place), so the editor cannot add one.
 */
const checkServiceFolders = cache(async () => {
  const folders = await entrySlugs('services');
  const unknown = folders.filter((slug) => !(serviceSlugs as readonly string[]).includes(slug));
  if (unknown.length)
    throw new ContentError(
      `content/services/${unknown[0]}: not one of the services in src/config/services.ts (${serviceSlugs.join(', ')})`,
    );
});

const readService = cache(async (slug: ServiceSlug) => {
  await checkServiceFolders();
  const entry = await readEntry('services', slug, serviceEntrySchema);
  if (entry.data.related.includes(slug))
    throw new ContentError(`${entry.file}: related: a service cannot be related to itself`);
  return entry;
});

/** A service page's content, validated: a broken file names itself and the field. */
export const getServiceContent = cache(
  async (slug: ServiceSlug, locale: Locale): Promise<ServiceContent> => {
    const { data, file } = await readService(slug);
    const texts = textsFor(data.texts, locale, file);
    const where = `${file}: texts.${localeInfo[locale].code}`;
    const faq = await Promise.all(
      texts.faq.map(async ({ question, answer }, index) => {
        const field = `${where}.faq[${index}].answer`;
        const tree = await markdownToHast(answer).catch((error: Error) => {
          throw new ContentError(`${field}: ${error.message}`);
        });
        await checkInternalLinks(tree, field);
        return { question, answer: tree };
      }),
    );
    return { ...texts, slug, related: data.related, faq };
  },
);
