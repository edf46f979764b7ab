import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Root } from 'hast';
import { cache } from 'react';
import { z } from 'zod';
import { localeInfo, type Locale } from '@/i18n/locales';
import { ContentError, fillTemplate, parseFrontmatter } from '@/lib/markdown/frontmatter';
import { markdownToHast } from '@/lib/markdown/render';
import { contentRoot } from './paths';
import { analyticsServicesText } from './analytics-services';
import { contentTemplateValues } from './template-values';

/** The privacy policy, the terms, and the consent to data processing (a document of its own). */
export const legalPageSlugs = ['privacy', 'terms', 'consent'] as const;
export type LegalPageSlug = (typeof legalPageSlugs)[number];

export const legalFrontmatterSchema = z.object({
  title: z.string().trim().min(1),
  updated: z.iso.date(),
});

export type LegalPage = z.infer<typeof legalFrontmatterSchema> & { body: Root };

export function legalPageFile(slug: LegalPageSlug, locale: Locale): string {
  return path.join(contentRoot, 'pages', slug, `${localeInfo[locale].code}.md`);
}

export const getLegalPage = cache(
  async (slug: LegalPageSlug, locale: Locale): Promise<LegalPage> => {
    const file = legalPageFile(slug, locale);
    const relative = path.relative(process.cwd(), file);
    const source = await readFile(file, 'utf8');
    const { data, body } = parseFrontmatter(source, legalFrontmatterSchema, relative);
    const values = {
      ...contentTemplateValues(locale),
      // The analytics services this build reports to, as the privacy policy lists them.
      analyticsServices: await analyticsServicesText(locale),
    };
    const filled = fillTemplate(body, values, relative);
    const tree = await markdownToHast(filled).catch((error: Error) => {
      throw new ContentError(`${relative}: ${error.message}`);
    });
    return { ...data, body: tree };
  },
);
