import 'server-only';
import type { Root } from 'hast';
import { cache } from 'react';
import { z } from 'zod';
import { localeInfo, type Locale } from '@/i18n/locales';
import { ContentError } from '@/lib/content/validate';
import { markdownToHast } from '@/lib/markdown/render';
import { analyticsServicesText } from './analytics-services';
import { entrySlugs, perLanguage, readEntry, textsFor } from './entries';
import { checkInternalLinks } from './links';

/** The privacy policy, the terms, and the consent to data processing (a document of its own). */
export const legalPageSlugs = ['privacy', 'terms', 'consent'] as const;
export type LegalPageSlug = (typeof legalPageSlugs)[number];

const legalTextsSchema = z
  .object({
    title: z.string().trim().min(1),
    updated: z.iso.date(),
    /** Markdown; {{brand}}, {{legalName}}, {{email}} … are filled in. */
    body: z.string().trim().min(1),
  })
  .strict();

export const legalEntrySchema = z
  .object({
    name: z.string().trim().min(1),
    texts: perLanguage(legalTextsSchema),
  })
  .strict();

export type LegalTexts = z.infer<typeof legalTextsSchema>;
export type LegalPage = Omit<LegalTexts, 'body'> & { body: Root };

/** The legal pages are content/pages/<slug>, exactly these three (each has its route). */
const readLegalEntry = cache(async (slug: LegalPageSlug) => {
  const folders = await entrySlugs('pages');
  const unknown = folders.find((folder) => !(legalPageSlugs as readonly string[]).includes(folder));
  if (unknown)
    throw new ContentError(
      `content/pages/${unknown}: not a legal page the site has (${legalPageSlugs.join(', ')})`,
    );
  return readEntry('pages', slug, legalEntrySchema);
});

/** One language of a legal document as written (before {{…}} is filled in). */
export async function legalTexts(slug: LegalPageSlug, locale: Locale): Promise<LegalTexts> {
  const { data } = await readLegalEntry(slug);
  return data.texts[localeInfo[locale].code];
}

export const getLegalPage = cache(
  async (slug: LegalPageSlug, locale: Locale): Promise<LegalPage> => {
    const { data, file } = await readLegalEntry(slug);
    const { body, ...texts } = textsFor(data.texts, locale, file, {
      // The analytics services this build reports to, as the privacy policy lists them.
      analyticsServices: await analyticsServicesText(locale),
    });
    const where = `${file}: texts.${localeInfo[locale].code}.body`;
    const tree = await markdownToHast(body).catch((error: Error) => {
      throw new ContentError(`${where}: ${error.message}`);
    });
    await checkInternalLinks(tree, where);
    return { ...texts, body: tree };
  },
);
