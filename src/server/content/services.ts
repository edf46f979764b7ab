import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Root } from 'hast';
import { cache } from 'react';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { serviceSlugs, type ServiceSlug } from '@/config/services';
import { localeInfo, type Locale } from '@/i18n/locales';
import { ContentError, fillTemplate, validateContent } from '@/lib/markdown/frontmatter';
import { markdownToHast } from '@/lib/markdown/render';
import { contentRoot } from './paths';
import { contentTemplateValues } from './template-values';

const text = z.string().trim().min(1);
const titled = z.object({ title: text, text });

export const serviceContentSchema = z
  .object({
    /** When the text last changed in substance: the sitemap's lastmod. */
    updated: z.iso.date(),
    seo: z.object({ title: text.max(70), description: z.string().trim().min(80).max(200) }),
    hero: z.object({ title: text, lead: z.string().trim().min(80).max(400) }),
    includes: z.array(titled).min(5),
    process: z.array(titled.extend({ duration: text.optional() })).min(4),
    deliverables: z.array(text).min(3),
    technologies: z.array(text).min(3),
    faq: z.array(z.object({ question: text, answer: text })).min(4),
    related: z.array(z.enum(serviceSlugs)).min(2).max(4),
  })
  .strict();

export type ServiceContent = Omit<z.infer<typeof serviceContentSchema>, 'faq'> & {
  slug: ServiceSlug;
  /** Answers may hold inline Markdown (links to the calculator, say). */
  faq: { question: string; answer: Root }[];
};

export function serviceFile(slug: ServiceSlug, locale: Locale): string {
  return path.join(contentRoot, 'services', slug, `${localeInfo[locale].code}.yaml`);
}

/** A service page's content, validated: a broken file names itself and the field. */
export const getServiceContent = cache(
  async (slug: ServiceSlug, locale: Locale): Promise<ServiceContent> => {
    const file = serviceFile(slug, locale);
    const relative = path.relative(process.cwd(), file);
    const source = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      throw new ContentError(`${relative}: missing; every service exists in all four languages`);
    });
    let raw: unknown;
    try {
      raw = parseYaml(fillTemplate(source, contentTemplateValues(locale), relative));
    } catch (error) {
      if (error instanceof ContentError) throw error;
      throw new ContentError(`${relative}: not valid YAML: ${(error as Error).message}`);
    }
    const data = validateContent(raw, serviceContentSchema, relative);
    if (data.related.includes(slug))
      throw new ContentError(`${relative}: related: a service cannot be related to itself`);
    const faq = await Promise.all(
      data.faq.map(async ({ question, answer }, index) => ({
        question,
        answer: await markdownToHast(answer).catch((error: Error) => {
          throw new ContentError(`${relative}: faq[${index}].answer: ${error.message}`);
        }),
      })),
    );
    return { ...data, slug, faq };
  },
);
