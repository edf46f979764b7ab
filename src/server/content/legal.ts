import 'server-only';
import type { Root } from 'hast';
import { cache } from 'react';
import { z } from 'zod';
import { localeInfo, type Locale } from '@/i18n/locales';
import { ContentError } from '@/lib/content/validate';
import { markdownToHast } from '@/lib/markdown/render';
import { analyticsProvidersText } from './analytics-services';
import { entrySlugs, perLanguage, readEntry, textsFor } from './entries';
import {
  callbackTimeText,
  dataLocationText,
  daysText,
  legalSettings,
  recipientsText,
  type LegalSettings,
} from './legal-settings';
import { checkInternalLinks } from './links';

/** The privacy policy, the terms, and the consent to data processing (a document of its own). */
export const legalPageSlugs = ['privacy', 'terms', 'consent'] as const;
export type LegalPageSlug = (typeof legalPageSlugs)[number];

const legalTextsSchema = z
  .object({
    title: z.string().trim().min(1),
    updated: z.iso.date(),
    /** Markdown; {{brand}}, {{legalName}}, {{recipients}} … are filled in (content/README.md). */
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

/**
 * The documents whose text depends on how this installation is set up (who
 * receives a request, how long it is kept): rendered per request, with the
 * settings of the server that answers (src/pages/[lang]/privacy.astro). The
 * terms name only the agency's details and are built ahead.
 */
export const settingsDependent = ['privacy', 'consent'] as const satisfies LegalPageSlug[];
const dependsOnSettings = (slug: LegalPageSlug) =>
  (settingsDependent as readonly LegalPageSlug[]).includes(slug);

/** The values only the privacy policy and the consent use, made from the settings. */
async function settingsValues(
  locale: Locale,
  settings: LegalSettings,
): Promise<Record<string, string>> {
  const [analyticsServices, recipients, dataLocation, retentionDays, backupDays] =
    await Promise.all([
      analyticsProvidersText(locale, settings.analytics, settings.conversions),
      recipientsText(locale, settings),
      dataLocationText(locale),
      daysText(locale, settings.retentionDays),
      daysText(locale, settings.backupDays),
    ]);
  return { analyticsServices, recipients, dataLocation, retentionDays, backupDays };
}

/**
 * One language of a legal document with every {{…}} filled in: the text a
 * visitor reads, as Markdown. The consent a lead records is the hash of
 * exactly this (src/server/leads/consent.ts).
 */
export async function legalDocument(
  slug: LegalPageSlug,
  locale: Locale,
  settings: LegalSettings = legalSettings(),
): Promise<LegalTexts> {
  const { data, file } = await readLegalEntry(slug);
  const extra = {
    callbackTime: await callbackTimeText(locale),
    ...(dependsOnSettings(slug) ? await settingsValues(locale, settings) : {}),
  };
  return textsFor(data.texts, locale, file, extra);
}

/** Rendered pages by document, language and settings, in production: the settings of a process do not change. */
const rendered = new Map<string, Promise<LegalPage>>();

async function render(slug: LegalPageSlug, locale: Locale, settings?: LegalSettings) {
  const { file } = await readLegalEntry(slug);
  const { body, ...texts } = await legalDocument(slug, locale, settings);
  const where = `${file}: texts.${localeInfo[locale].code}.body`;
  const tree = await markdownToHast(body).catch((error: Error) => {
    throw new ContentError(`${where}: ${error.message}`);
  });
  await checkInternalLinks(tree, where);
  return { ...texts, body: tree };
}

/**
 * A legal page as the site shows it. The privacy policy and the consent are
 * made with the settings of this process unless others are given (a test's).
 */
export function getLegalPage(
  slug: LegalPageSlug,
  locale: Locale,
  settings?: LegalSettings,
): Promise<LegalPage> {
  const actual = dependsOnSettings(slug) ? (settings ?? legalSettings()) : undefined;
  // While developing, the content files change under the server: made afresh each time.
  if (process.env.NODE_ENV !== 'production') return render(slug, locale, actual);
  const key = `${slug}:${locale}:${JSON.stringify(actual ?? null)}`;
  let page = rendered.get(key);
  if (!page) {
    page = render(slug, locale, actual);
    // A failure is not kept: the next request tries again (and fails the same way if it must).
    page.catch(() => rendered.delete(key));
    rendered.set(key, page);
  }
  return page;
}
